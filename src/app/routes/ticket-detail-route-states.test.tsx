/** How the detail page reads odd answers (tolerantly) and each failure (with its way forward); the status timeline. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/session';
import { renderApp } from '../../testing/render-app';
import { base, group, maximalTicket, requestedIds, rows, server, setUpDetailTests, summary, tickets, valueOf } from '../../testing/ticket-detail-service';

setUpDetailTests();

const errorBody = (status: number, reason: string) => ({ '@type': 'Error', code: String(status), reason, status: String(status) });

describe('failures', () => {
  it('an unknown id says "No such ticket" with the id and a way back to the list, and offers no Retry', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/tickets/TT-999999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such ticket');
    expect(alert).toHaveTextContent('The service has no ticket with the id TT-999999.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket TT-999999' })).toBeInTheDocument();
    // The same pattern as a cancellation's (issue 37): a heading, and one way back, in the panel (no "Back to the list" above).
    expect(within(alert).getByRole('heading', { level: 2, name: 'No such ticket' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('link')).toHaveLength(1);
    // A 404 is not retried: one request.
    expect(requestedIds).toEqual(['TT-999999']);
    await user.click(within(alert).getByRole('link', { name: 'Go to the ticket list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tickets');
  });

  it('403 says the agent lacks access to this ticket, with a way back and no Retry', async () => {
    server.use(http.get(`${base}/troubleTicket/:id`, () => HttpResponse.json(errorBody(403, 'Forbidden'), { status: 403 })));
    renderApp('/tickets/tt-0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No access to this ticket');
    expect(alert).toHaveTextContent('You are not allowed to see ticket tt-0002 (HTTP 403).');
    expect(within(alert).getByRole('link', { name: 'Go to the ticket list' })).toHaveAttribute('href', '/tickets');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('401 asks the agent to sign in and comes back to this ticket', async () => {
    server.use(http.get(`${base}/troubleTicket/:id`, () => HttpResponse.json(errorBody(401, 'No token'), { status: 401 })));
    const signIn = vi.fn<Session['signIn']>(() => Promise.resolve());
    const user = userEvent.setup();
    renderApp('/tickets/tt-0002', { session: { userId: 'a', displayName: 'A', demo: false, canWrite: true, signIn } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in to see this ticket');
    await user.click(within(alert).getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('/tickets/tt-0002');
  });

  it('500 shows what failed and why, retried twice first; Retry loads the ticket and focus goes to the heading', async () => {
    let failing = true;
    let calls = 0;
    server.use(
      http.get(`${base}/troubleTicket/:id`, () => {
        calls += 1;
        return failing
          ? HttpResponse.json(errorBody(500, 'Database unavailable'), { status: 500 })
          : HttpResponse.json(maximalTicket());
      }),
    );
    const user = userEvent.setup();
    renderApp('/tickets/tt-0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ticket tt-0002 could not be loaded.');
    expect(alert).toHaveTextContent('The service had a problem (HTTP 500). Try again in a moment.');
    expect(alert).toHaveTextContent('The service said: Database unavailable');
    expect(calls).toBe(3);

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Ticket' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket tt-0002' })).toHaveFocus();
  });

  it('a dropped connection says so, with Retry', async () => {
    server.use(http.get(`${base}/troubleTicket/:id`, () => HttpResponse.error()));
    renderApp('/tickets/tt-0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service could not be reached.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it.each([
    ['not JSON', () => new HttpResponse('<html>gateway</html>', { headers: { 'Content-Type': 'text/html' } })],
    ['JSON without an id', () => HttpResponse.json({ status: 'inProgress' })],
    ['an array', () => HttpResponse.json([maximalTicket()])],
  ])('a malformed answer (%s) shows an error with Retry, never a blank page; Retry recovers', async (_case, malformed) => {
    let broken = true;
    server.use(http.get(`${base}/troubleTicket/:id`, () => (broken ? malformed() : HttpResponse.json(maximalTicket()))));
    const user = userEvent.setup();
    renderApp('/tickets/tt-0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ticket tt-0002 could not be loaded.');
    expect(alert).toHaveTextContent('The service sent an answer that the app cannot read.');
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Ticket' })).toBeInTheDocument();
  });

  it('shows progress while the ticket loads', async () => {
    renderApp('/tickets/tt-0002');
    const progress = await screen.findByText('Loading the ticket…');
    expect(progress.closest('[role="status"]')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Ticket' });
    expect(screen.queryByText('Loading the ticket…')).not.toBeInTheDocument();
  });
});

describe('tolerant reading', () => {
  it('shows fields it does not know under "Other details from the service", as text, in the order sent', async () => {
    tickets.set('tt-0002', { ...maximalTicket(), priorityScore: 97, troubleTicketCharacteristic: [{ name: 'speed', value: '<b>100</b>' }] });
    renderApp('/tickets/tt-0002');
    const other = await screen.findByRole('region', { name: 'Other details from the service' });
    expect(rows(other)).toEqual({ priorityScore: '97', troubleTicketCharacteristic: '[{"name":"speed","value":"<b>100</b>"}]' });
    expect(other.querySelector('b')).toBeNull();
  });

  it('has no such group when the service sends nothing the app does not know', async () => {
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    expect(screen.queryByRole('region', { name: 'Other details from the service' })).not.toBeInTheDocument();
  });

  it.each([
    ['a plain TroubleTicket', 'TroubleTicket', 'Trouble ticket'],
    ['a CancelTroubleTicket', 'CancelTroubleTicket', 'CancelTroubleTicket'],
    ['an @type with i18next syntax', 'ns:detail.none', 'ns:detail.none'],
  ])('shows %s as it is', async (_case, type, shown) => {
    tickets.set('tt-0002', { ...maximalTicket(), '@type': type });
    renderApp('/tickets/tt-0002');
    const ticket = await screen.findByRole('region', { name: 'Ticket' });
    expect(rows(ticket).Type).toBe(shown);
  });

  it('shows an unknown status and ticket type as they came, and the rest of the ticket as usual', async () => {
    tickets.set('tt-0002', { ...maximalTicket(), status: 'escalated', ticketType: 'complaint' });
    renderApp('/tickets/tt-0002');
    const ticket = await screen.findByRole('region', { name: 'Ticket' });
    const status = valueOf(summary(), 'Status');
    expect(within(status).getByText('escalated')).toHaveClass('status-badge', 'status-badge--unknown');
    expect(rows(ticket)['Ticket type']).toBe('complaint');
    expect(rows(ticket)['Category ID']).toBe('CAT-01');
  });

  it('shows a field whose value it cannot read under other details, keeps the rest, and reads long values as they came', async () => {
    tickets.set('tt-0002', { ...maximalTicket(), creationDate: 'yesterday', categoryId: 'WAY-TOO-LONG-CATEGORY', endUserContactAllowed: 'yes' });
    renderApp('/tickets/tt-0002');
    const ticket = await screen.findByRole('region', { name: 'Ticket' });
    expect(rows(ticket)['Category ID']).toBe('WAY-TOO-LONG-CATEGORY');
    expect(rows(ticket)['End-user contact allowed']).toBe('Not provided');
    expect(rows(group('Dates')).Created).toBe('Not provided');
    expect(rows(ticket).Description).toBe('No sync since 06:00; modem LEDs red.');
    expect(rows(group('Other details from the service'))).toEqual({ creationDate: 'yesterday', endUserContactAllowed: 'yes' });
  });

  it('never turns an attachment address that is not a web address into a link', async () => {
    const script = { '@type': 'Attachment', name: 'evil', url: 'javascript:alert(1)' };
    tickets.set('tt-0002', { ...maximalTicket(), attachment: [script] });
    renderApp('/tickets/tt-0002');
    const attachments = await screen.findByRole('region', { name: 'Attachments' });
    expect(within(attachments).queryByRole('link')).not.toBeInTheDocument();
    expect(rows(attachments).Address).toBe('javascript:alert(1)');
  });
});

describe('status history', () => {
  const history = [
    { status: 'resolved', statusChangeDate: '2026-12-02T16:00:00+01:00', statusChangeReason: 'Line card replaced' },
    { status: 'acknowledged', statusChangeDate: '2026-12-01T10:00:00Z' },
    { status: 'escalated', statusChangeDate: '2026-12-01T12:30:00Z', statusChangeReason: 'Second level' },
    { status: 'inProgress', statusChangeDate: '2026-12-01T11:00:00+01:00', statusChangeReason: 'Technician assigned' },
  ];

  it.each([
    ['statusChangeHistory with statusChangeDate (older)', 'statusChangeHistory', history],
    [
      'statusChange with changeDate (v5)',
      'statusChange',
      history.map(({ status, statusChangeDate, statusChangeReason }) => ({ status, changeDate: statusChangeDate, changeReason: statusChangeReason })),
    ],
  ])('%s: a list, oldest first whatever order the service sends, each with badge, local time and zone, and reason', async (_case, field, sent) => {
    const { statusChange: _v5, ...ticket } = maximalTicket();
    tickets.set('tt-0002', { ...ticket, [field]: sent });
    renderApp('/tickets/tt-0002');
    const timeline = await screen.findByRole('region', { name: 'Status history' });
    const items = within(timeline).getAllByRole('listitem');
    // Each entry's lines (badge and time; reason) joined with a space, as a screen reader reads them.
    const text = (item: HTMLElement) => [...item.querySelectorAll('p')].map((line) => line.textContent?.replace(/\s+/g, ' ').trim()).join(' ');
    expect(items.map(text)).toEqual([
      'Acknowledged 1 Dec 2026, 11:00 CET',
      'In progress 1 Dec 2026, 11:00 CET Reason: Technician assigned',
      'escalated 1 Dec 2026, 13:30 CET Reason: Second level',
      'Resolved 2 Dec 2026, 16:00 CET Reason: Line card replaced',
    ]);
    expect(within(items[1]!).getByText('In progress')).toHaveClass('status-badge');
    expect(within(items[3]!).getByText(/2 Dec 2026/)).toHaveAttribute('datetime', '2026-12-02T16:00:00+01:00');
  });
});
