/** Entry point: in demo mode start the in-browser mocked service first, then render the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

async function start(): Promise<void> {
  // Read import.meta.env here, not config.demo: Vite replaces this exact expression at build time, so a production
  // build folds the condition to false and drops the import (msw is not in dist). Through config's object the
  // bundler cannot see the constant and emitted the mocks chunk. Same value as config.demo (src/lib/config.ts).
  if (import.meta.env.VITE_DEMO === 'true') {
    try {
      const { startWorker } = await import('../mocks/browser');
      await startWorker();
    } catch (error) {
      // No service worker (blocked, private mode, http on a LAN address): render anyway, so the screens say in words
      // that the service cannot be reached instead of leaving a blank page.
      console.error('The demo service could not start.', error);
    }
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
