/** The demo's service worker's messages, cleaned up once used (see closeWorkerLeftovers). */

type WorkerMessage = { type?: unknown; payload?: { response?: { body?: unknown } } };

const isStream = (value: unknown): value is ReadableStream => typeof ReadableStream !== 'undefined' && value instanceof ReadableStream;

/**
 * msw 2's worker (public/mockServiceWorker.js, msw's own file) tells the page of every answer it gave (`RESPONSE`, for
 * msw's life-cycle events) with a clone of the answer's body, transferred as a ReadableStream. Nothing in the demo
 * listens to those events, so nobody read or cancelled the stream, and each transferred stream kept a message port
 * alive in the page and one in the worker for as long as they lived, outside the JS heap (issue 42; docs/mock-api.md
 * "Message ports", with the upstream report). Taking it out of the message and cancelling it frees both. And each
 * message's reply port is closed once used: at once for `RESPONSE` (nobody answers on it), after msw's answer for
 * `REQUEST`.
 */
export function closeWorkerLeftovers(container: Pick<ServiceWorkerContainer, 'addEventListener'> = navigator.serviceWorker): void {
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as WorkerMessage | null;
    const port = event.ports[0];
    if (data?.type === 'RESPONSE') {
      // Taken away before msw's own listener reads the message (it awaits first), which then makes its Response for
      // those events without a body: a cancelled stream would be "disturbed", and the Response would throw.
      const response = data.payload?.response;
      const body = response?.body;
      if (response && isStream(body) && !body.locked) {
        response.body = null;
        void body.cancel().catch(() => undefined);
      }
      port?.close();
    } else if (data?.type === 'REQUEST' && port) {
      // msw answers on this very port (ports[0].postMessage) once its handlers have run: close it right after.
      const post = port.postMessage.bind(port) as (...args: unknown[]) => void;
      port.postMessage = ((...args: unknown[]) => {
        post(...args);
        port.close();
      }) as MessagePort['postMessage'];
    }
  });
}
