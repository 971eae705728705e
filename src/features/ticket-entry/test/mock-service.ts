/**
 * Test support: the mocked service (msw/node) for one test file, listening for the whole file, with fresh handlers,
 * an empty store, no stored drafts and English before each test. Call it at the top level of the file.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMockServer } from '../../../../mocks/node';
import { i18n } from '../../../lib/i18n';

export function serveMockService(): ReturnType<typeof createMockServer> {
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
