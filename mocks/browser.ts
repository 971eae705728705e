/** The mocked service in the browser (demo mode): an MSW service worker, and tickets that move on by themselves. */
import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { DEMO_ADVANCE_EVERY_MS, createStore } from './store';

/** The demo's data; the shell may show that it is demo data. Seeded relative to now so the demo looks current. */
export const store = createStore({ seedReference: new Date() });

export async function startWorker(options: { advanceEveryMs?: number } = {}) {
  const worker = setupWorker(...createHandlers({ store }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  const timer = setInterval(() => store.advance(), options.advanceEveryMs ?? DEMO_ADVANCE_EVERY_MS);
  return {
    worker,
    stop() {
      clearInterval(timer);
      worker.stop();
    },
  };
}
