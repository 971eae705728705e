/** Test support for the ticket list: the project's mocked service with every request recorded, and table readers. */
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createMockServer } from '../../mocks/node';
import { i18n } from '../lib/i18n';
import type { Session } from '../lib/session';
import { renderApp } from './render-app';

export const base = '*/tmf-api/troubleTicket/v5';

/** Starts the mocked service for the file's tests; `listRequests()` are the GET /troubleTicket URLs it saw. */
export function setUpTicketService() {
  const { server, store, settings } = createMockServer();
  const requests: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(new URL(request.url));
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    window.localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    server.resetHandlers();
    store.reset();
    Object.assign(settings, { dialect: 'v5', totalCount: 'exact' });
    requests.length = 0;
  });
  afterAll(() => server.close());
  return {
    server,
    store,
    /** How the service answers (dialect, counting): a test may change it; it is back to v5 and exact after each. */
    settings,
    requests,
    listRequests: () => requests.filter((url) => url.pathname.endsWith('/troubleTicket')),
    lastListRequest: () => requests.filter((url) => url.pathname.endsWith('/troubleTicket')).at(-1),
  };
}

/** Renders the app at `path`. */
export function renderList(path: string, options: { session?: Session } = {}) {
  return renderApp(path, options);
}

/** Renders the app at `path` and waits for the table's rows. */
export async function showList(path: string, options: { session?: Session } = {}) {
  const view = renderList(path, options);
  await screen.findByRole('table', undefined, { timeout: 10_000 });
  return view;
}

/** The ticket ids of the rows shown, top to bottom. */
export function shownIds(): string[] {
  return within(screen.getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent ?? '');
}

/** The column headers shown, left to right. */
export function shownHeaders(): string[] {
  return within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => (cell.textContent ?? '').replace(/[▲▼↕]/g, ''));
}

/** The live line above the table, named by the results heading: "1–20 of 240", or why nothing is shown. */
export function summary() {
  return screen.getByRole('status', { name: 'Results' });
}

export const agent = (userId: string): Session => ({ userId, displayName: userId, demo: true, canWrite: true, signIn: () => Promise.resolve() });

