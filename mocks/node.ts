/** The mocked service for Vitest: MSW intercepts fetch in this Node process. */
import { setupServer } from 'msw/node';
import { createAuthorizer, type AuthOptions } from '../server/auth';
import { createHandlers, type MockSettings } from './handlers';
import { createStore, type StoreOptions } from './store';

/**
 * `{ server, store, authorizer }`; the test calls `server.listen()`, `server.close()`, and `store.reset()` /
 * `server.resetHandlers()` between tests. Requests go to any origin, e.g.
 * `http://localhost/tmf-api/troubleTicket/v5/troubleTicket`. With `auth` the bearer token must be a JWT of that
 * issuer (server/auth.ts); `authorizer.seen()` lists what each request carried.
 */
export function createMockServer(options: StoreOptions & { auth?: AuthOptions; settings?: Partial<MockSettings> } = {}) {
  const { auth, settings: given, ...storeOptions } = options;
  const store = createStore(storeOptions);
  const authorizer = createAuthorizer(auth);
  // The same object the handlers read on every request: a test may change the dialect or counting in between.
  const settings: MockSettings = { dialect: 'v5', totalCount: 'exact', ...given };
  const server = setupServer(...createHandlers({ store, auth: authorizer, settings }));
  return { server, store, authorizer, settings };
}
