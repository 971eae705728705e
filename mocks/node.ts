/** The mocked service for Vitest: MSW intercepts fetch in this Node process. */
import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';
import { createStore, type StoreOptions } from './store';

/**
 * `{ server, store }`; the test calls `server.listen()`, `server.close()`, and `store.reset()` / `server.resetHandlers()`
 * between tests. Requests go to any origin, e.g. `http://localhost/tmf-api/troubleTicket/v5/troubleTicket`.
 */
export function createMockServer(options: StoreOptions = {}) {
  const store = createStore(options);
  const server = setupServer(...createHandlers({ store }));
  return { server, store };
}
