/**
 * Test support: the mocked service (msw/node) for one test file, listening for the whole file, with fresh handlers,
 * an empty store, no stored drafts and English before each test. Call it at the top level of the file.
 */
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMockServer } from '../../mocks/node';
import { FaultTicketFvo } from '../domain/ticket';
import { i18n } from '../lib/i18n';
import { apiBase } from './render-entry';

type MockService = ReturnType<typeof createMockServer>;

/** The service creates the ticket, then the connection drops before the answer arrives (the next POST only). */
export function createThenDropOnce({ server, store }: MockService): void {
  server.use(
    http.post(
      `${apiBase}/troubleTicket`,
      async ({ request }) => {
        store.createTicket(FaultTicketFvo.parse(await request.json()));
        return HttpResponse.error();
      },
      { once: true },
    ),
  );
}

export function serveMockService(): MockService {
  const mock = createMockServer();
  const { server, store } = mock;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(async () => {
    store.reset();
    window.localStorage.clear();
    await i18n.changeLanguage('en');
  });
  return mock;
}
