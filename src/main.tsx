/**
 * Entry point: a configuration that failed the start-up check gets its error page instead of the app; the app renders;
 * requests, and in demo mode the in-browser mocked service, start once the first screen has been painted.
 */
// First: zod must be jitless before any schema is built (CSP without unsafe-eval, 0025).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { afterFirstPaint } from './lib/after-first-paint';
import { configProblems } from './lib/config';
import { holdRequestsUntil } from './lib/requests-after-paint';
import { yieldToMain } from './lib/yield-to-main';
import { startingDemoService } from './lib/demo-service';
import { wordsReady } from './lib/i18n';
import './app/styles/tokens.css';
import './app/styles/global.css';
import './app/styles/components.css';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  // An agent who chose German gets German from the first paint: its catalogue is a chunk of its own (decision 0026).
  await wordsReady();
  if (configProblems.length > 0) {
    // Whoever deploys sees which VARIABLE is wrong and why; the console says it too, for build logs and support.
    console.error(`The app is not configured: ${configProblems.map((p) => `${p.variable} (${p.reason})`).join(', ')}`);
    // Only a broken deployment shows this page, so its code is not part of every start.
    const { ConfigErrorPage } = await import('./features/auth/components/config-error-page');
    createRoot(root).render(
      <StrictMode>
        <ConfigErrorPage problems={configProblems} />
      </StrictMode>,
    );
    return;
  }
  // The first screen paints before its requests start and before the demo's service loads (decisions 0060, 0058).
  const firstPaint = afterFirstPaint(root, { atMostMs: 2000 });
  holdRequestsUntil(firstPaint);
  // Read import.meta.env here, not config.demo: Vite replaces this exact expression at build time, so a production
  // build folds the condition to false and drops the import (msw is not in dist). Through config's object the
  // bundler cannot see the constant and emitted the mocks chunk. Same value as config.demo (src/lib/config.ts).
  if (import.meta.env.VITE_DEMO === 'true') {
    // Started after the first screen's paint, not awaited: the screen paints before the service's code and data load
    // and start, and its requests wait for it (src/lib/demo-service; decision 0058).
    startingDemoService(
      firstPaint
        .then(() => import('../mocks/browser-start'))
        .then(({ startDemoService }) => startDemoService())
        .catch((error: unknown) => {
          // No service worker (blocked, private mode, http on a LAN address): the screens then say in words that
          // the service cannot be reached instead of leaving a blank page.
          console.error('The demo service could not start.', error);
        }),
    );
  }
  // The app's code was evaluated in this task; the router starts the first screen in the next one (decision 0060).
  await yieldToMain();
  const router = createAppRouter();
  // A transition: React renders the first screen in slices of a few milliseconds, yielding between them, instead of in
  // one long task that blocks a slow phone's main thread (decision 0057: total blocking time).
  const appRoot = createRoot(root);
  startTransition(() => {
    appRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start();
