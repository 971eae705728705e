/** The overview reads its counts from the service (X-Total-Count) and offers Retry when the service fails. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketStatuses } from '../../domain/ticket';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const base = '*/tmf-api/troubleTicket/v5';

/** Distinct per status, so a count shown under the wrong label fails the test. */
const countByStatus: Record<string, number> = {
  acknowledged: 1234,
  rejected: 3,
  pending: 17,
  held: 5,
  inProgress: 42,
  cancelled: 8,
  closed: 96,
  resolved: 27,
  failed: 2,
};
const total = Object.values(countByStatus).reduce((a, b) => a + b, 0); // 1434

const requests: URL[] = [];

/** The "What is due" card's request (decision 0035), told apart from the per-status counts. */
const isOverdue = (url: URL) => url.searchParams.has('expectedResolutionDate.lt');
const overdueCount = 7;

function counting({ request }: { request: Request }) {
  const url = new URL(request.url);
  requests.push(url);
  const status = url.searchParams.get('status');
  const count = isOverdue(url) ? overdueCount : status ? countByStatus[status] : total;
  return HttpResponse.json([], { headers: { 'X-Total-Count': String(count), 'X-Result-Count': '0' } });
}

const server = setupServer(
  http.get(`${base}/troubleTicket`, counting),
  http.get(`${base}/cancelProductOrder`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '23' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const statusLabels: [string, string][] = [
  ['acknowledged', 'Acknowledged'],
  ['rejected', 'Rejected'],
  ['pending', 'Pending'],
  ['held', 'Held'],
  ['inProgress', 'In progress'],
  ['cancelled', 'Cancelled'],
  ['closed', 'Closed'],
  ['resolved', 'Resolved'],
  ['failed', 'Failed'],
];

describe('overview', () => {
  it('shows progress while the counts load', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading…');
    await screen.findByRole('link', { name: /All tickets/ });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says what each section is for before its counts arrive (the words do not wait for the service)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(`${base}/troubleTicket`, async (info) => (await held, counting(info))));
    renderApp('/');
    const due = await screen.findByRole('region', { name: 'What is due' });
    const byStatus = screen.getByRole('region', { name: 'Tickets by status' });
    expect(within(due).getByText('Past their expected resolution and still awaiting it.')).toBeVisible();
    expect(within(byStatus).getByText('Choose a status to see its tickets.')).toBeVisible();
    expect(within(due).queryByRole('link')).not.toBeInTheDocument();
    release();
    expect(await within(due).findByRole('link', { name: /Overdue/ })).toBeInTheDocument();
    expect(within(due).getAllByText('Past their expected resolution and still awaiting it.')).toHaveLength(1);
  });

  it('shows the count of each status as a link to its tickets, plus all tickets and order cancellations', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'All tickets: 1,434' })).toHaveAttribute('href', '/tickets');
    for (const [status, label] of statusLabels) {
      const link = screen.getByRole('link', { name: `${label}: ${countByStatus[status]!.toLocaleString('en-GB')}` });
      expect(link).toHaveAttribute('href', `/tickets?status=${status}`);
    }
    expect(await screen.findByRole('link', { name: 'Order cancellations: 23' })).toHaveAttribute('href', '/cancel-orders');
    // The text itself reads the same when copied or read without the layout.
    expect(screen.getByRole('link', { name: /All tickets/ })).toHaveTextContent('All tickets: 1,434');
  });

  it('asks the service for one small page per status and reads X-Total-Count', async () => {
    renderApp('/');
    await screen.findByRole('link', { name: /All tickets/ });
    const statuses = requests.filter((url) => !isOverdue(url)).map((url) => url.searchParams.get('status'));
    expect(statuses.sort()).toEqual([null, ...ticketStatuses].sort());
    // One more small page: the overdue tickets, shown on their own card.
    expect(requests.filter(isOverdue).map((url) => url.searchParams.get('status'))).toEqual(['acknowledged,inProgress,pending,held']);
    expect(await screen.findByRole('link', { name: `Overdue: ${overdueCount}` })).toHaveAttribute('href', '/tickets?due=overdue');
    for (const url of requests) {
      expect(url.searchParams.get('limit')).toBe('1');
      expect(url.searchParams.get('fields')).toBe('status');
    }
  });

  it('formats numbers for German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersicht' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Alle Tickets: 1.434' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bestätigt: 1.234' })).toHaveAttribute('href', '/tickets?status=acknowledged');
  });

  it.each([
    ['sends no total', () => HttpResponse.json([{ id: 'TT-1' }])],
    ['sends a total that is not a number', () => HttpResponse.json([{ id: 'TT-1' }], { headers: { 'X-Total-Count': 'many' } })],
    ['sends 0 beside a ticket it found', () => HttpResponse.json([{ id: 'TT-1' }], { headers: { 'X-Total-Count': '0' } })],
  ])('says "at least 1" and that the service sends no total when it %s, never 0 and never an error', async (_case, answer) => {
    server.use(http.get(`${base}/troubleTicket`, answer));
    renderApp('/');
    const note = 'at least 1 The service sends no total.';
    expect(await screen.findByRole('link', { name: `All tickets: ${note}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Pending: ${note}` })).toBeInTheDocument();
    // "What is due" too: its query once resolved undefined, which TanStack Query reports as a failure (issue 28).
    expect(await screen.findByRole('link', { name: `Overdue: ${note}` })).toHaveAttribute('href', '/tickets?due=overdue');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a dash when the service sends no total and a body it cannot count, and 0 for an empty page without one', async () => {
    server.use(
      http.get(`${base}/troubleTicket`, ({ request }) =>
        new URL(request.url).searchParams.get('status') === 'held' ? HttpResponse.json([]) : HttpResponse.text('not json'),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'All tickets: – The service sends no total.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Held: 0' })).toBeInTheDocument();
  });

  it('in German: "mindestens 1", and that the service gives no total', async () => {
    await i18n.changeLanguage('de');
    server.use(http.get(`${base}/cancelProductOrder`, () => HttpResponse.json([{ id: 'CPO-1' }], { headers: { 'X-Total-Count': '0' } })));
    renderApp('/');
    expect(
      await screen.findByRole('link', { name: 'Auftragsstornierungen: mindestens 1 Der Dienst nennt keine Gesamtzahl.' }),
    ).toBeInTheDocument();
  });

  it('still believes a 0 beside an empty page', async () => {
    server.use(http.get(`${base}/troubleTicket`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'All tickets: 0' })).toBeInTheDocument();
  });

  it('on a 500 shows an alert with the reason and Retry, and recovers after Retry', async () => {
    let failing = true;
    let failedCalls = 0;
    server.use(
      http.get(`${base}/troubleTicket`, (info) => {
        if (!failing || isOverdue(new URL(info.request.url))) return counting(info);
        failedCalls += 1;
        return HttpResponse.json(
          { '@type': 'Error', code: 'INTERNAL', reason: 'Database unavailable', status: '500' },
          { status: 500 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The ticket counts could not be loaded.');
    // Compact, so the section keeps its height (issue 37): the reason shows at the agent's "Why?".
    expect(within(alert).getByText('Could not be loaded.')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Why?' }));
    expect(within(alert).getByText('The service had a problem (HTTP 500). Try again in a moment.')).toBeVisible();
    expect(within(alert).getByText('The service said: Database unavailable')).toBeVisible();
    expect(screen.queryByRole('link', { name: /All tickets/ })).not.toBeInTheDocument();
    // A 5xx is retried twice before the person sees it: three rounds of ten requests.
    expect(failedCalls).toBe(30);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: 'All tickets: 1,434' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tickets by status' })).toHaveFocus();
  });

  it('does not retry a 4xx: one round of requests, then the alert', async () => {
    let calls = 0;
    server.use(
      http.get(`${base}/troubleTicket`, (info) => {
        if (isOverdue(new URL(info.request.url))) return counting(info);
        calls += 1;
        return HttpResponse.json({ code: 'FORBIDDEN', reason: 'Forbidden' }, { status: 403 });
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to see this (HTTP 403).');
    expect(calls).toBe(10);
  });
});
