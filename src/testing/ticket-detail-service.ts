/** Test support for the ticket detail route tests: tickets as the service returns them, a stub service, and lookups. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createdTicket, maximalDispute, minimalFault } from './fixtures';
import { i18n } from '../lib/i18n';
import { clearToasts } from '../lib/toasts';

export const base = '*/tmf-api/troubleTicket/v5';

/** createdTicket(): every field of a fault ticket, read-only ones included (tt-0002). */
export const maximalTicket = () => createdTicket();

/** A dispute with every field, disputing tt-0001. */
export const disputeTicket = () => ({
  ...maximalDispute(),
  '@type': 'FaultTicket',
  id: 'tt-0003',
  href: '/tmf-api/troubleTicket/v5/troubleTicket/tt-0003',
  status: 'acknowledged',
  creationDate: '2026-12-05T09:00:00Z',
  lastUpdateDate: '2026-12-05T09:00:00Z',
});

/** Only the fields a fault must carry, plus its id: every optional field is absent. */
export const minimalTicket = () => ({ ...minimalFault(), id: 'tt-0004' });

/** The service's answers by id; a test puts what it needs here. Unknown ids answer 404 as the service does. */
export const tickets = new Map<string, unknown>();
/** Every ticket id the page asked for, in order. */
export const requestedIds: string[] = [];

export const server = setupServer(
  http.get(`${base}/troubleTicket/:id`, ({ params }) => {
    const id = String(params.id);
    requestedIds.push(id);
    const ticket = tickets.get(id);
    if (ticket === undefined) {
      return HttpResponse.json({ '@type': 'Error', code: 'NOT_FOUND', reason: `No trouble ticket ${id}`, status: '404' }, { status: 404 });
    }
    return HttpResponse.json(ticket);
  }),
  // The overview and the list, where some tests start or end: empty, but answered.
  http.get(`${base}/troubleTicket`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get(`${base}/cancelProductOrder`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);

/** Registers the server, Berlin time (so times read as an agent in Germany sees them) and a clean state per test. */
export function setUpDetailTests(): void {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => {
    server.close();
    process.env.TZ = zone;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    tickets.clear();
    requestedIds.length = 0;
    for (const ticket of [maximalTicket(), disputeTicket(), minimalTicket()]) tickets.set(ticket.id, ticket);
  });
  afterEach(() => {
    server.resetHandlers();
    clearToasts();
  });
}

/** The group (a region named by its h2). */
export function group(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The summary header that stays in view: status, ids, type, dates, what is due. */
export function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Ticket at a glance' });
}

/** The value cell (dd) of the row labelled `label` (dt) inside `container`. */
export function valueOf(container: HTMLElement, label: string): HTMLElement {
  const term = within(container).getByText(label, { selector: 'dt' });
  const value = term.parentElement?.querySelector('dd');
  if (!value) throw new Error(`no value for "${label}"`);
  return value;
}

/** The values of every row in `container`, as label → text (whitespace collapsed). */
export function rows(container: HTMLElement): Record<string, string> {
  const entries = [...container.querySelectorAll('dt')].map((term) => [
    term.textContent ?? '',
    (term.parentElement?.querySelector('dd')?.textContent ?? '').replace(/\s+/g, ' ').trim(),
  ]);
  return Object.fromEntries(entries);
}
