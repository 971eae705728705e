/**
 * A viewer (gateway mode, issue 27: canWrite false) is offered nothing that writes, wherever an agent is: the header's
 * "New ticket", "Cancel a product order" on the cancellation list and page, the ticket page's dispute and copy, the commands, the `c` key and the
 * cheat sheet; the two forms' addresses explain instead. Each place is checked for an agent too, so a test that found
 * nothing because the page had not rendered cannot pass.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { writeDraft } from '../../features/ticket-entry/model/draft';
import { forgetSettings } from '../../lib/agent-settings';
import { i18n } from '../../lib/i18n';
import { demoSession, type Session } from '../../lib/session';
import { polyfillDialog } from '../../testing/fake-user-manager';
import { faultValues } from '../../testing/entry-values';
import { renderApp } from '../../testing/render-app';

const { server, store } = createMockServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  polyfillDialog();
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  server.resetHandlers();
  store.reset();
});
afterAll(() => server.close());
beforeEach(async () => {
  forgetSettings();
  await i18n.changeLanguage('en');
});

const viewer: Session = { ...demoSession, userId: 'viewer-1', displayName: 'Petra Vogel', demo: false, canWrite: false };
const agent: Session = { ...demoSession, userId: 'agent-1', displayName: 'Jana Schmidt', demo: false, canWrite: true };
const roles = [
  ['an agent', agent, true],
  ['a viewer', viewer, false],
] as const;

/** Present for an agent, absent for a viewer. */
function offered(element: HTMLElement | null, writes: boolean) {
  if (writes) expect(element).toBeInTheDocument();
  else expect(element).not.toBeInTheDocument();
}

describe.each(roles)('as %s', (_who, session, writes) => {
  it('the header offers "New ticket" only to who may write', async () => {
    renderApp('/', { session });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toBeInTheDocument();
    offered(within(nav).queryByRole('link', { name: 'New ticket' }), writes);
  });

  it('the overview lists unsent tickets (each resumed in the wizard) only to who may write', async () => {
    writeDraft(session.userId, 'kept', { step: 'ticket', values: faultValues() });
    renderApp('/', { session });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await screen.findByRole('region', { name: 'Product orders' });
    if (writes) expect(await screen.findByRole('region', { name: 'Unsent tickets' })).toBeInTheDocument();
    else expect(screen.queryByRole('region', { name: 'Unsent tickets' })).not.toBeInTheDocument();
  });

  it('the cancellation list offers "Cancel a product order" only to who may write', async () => {
    renderApp('/cancel-orders', { session });
    await screen.findByRole('heading', { level: 1, name: 'Order cancellations' });
    offered(screen.queryByRole('link', { name: 'Cancel a product order' }), writes);
  });

  it('a cancellation that ended without cancelling offers "again" and "Cancel a product order" only to who may write', async () => {
    const order = store.cancelOrder('CPO-000006')!;
    renderApp('/cancel-orders/CPO-000006', { session });
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    expect(screen.getByRole('link', { name: 'Go to the order cancellations' })).toBeInTheDocument();
    offered(screen.queryByRole('link', { name: `Cancel product order ${order.productOrder.id} again` }), writes);
    offered(screen.queryByRole('link', { name: 'Cancel a product order' }), writes);
  });

  it('a resolved ticket offers "Dispute this resolution" and "Copy as new ticket" only to who may write', async () => {
    const ticket = store.tickets().find((t) => t.ticketType === 'fault' && t.status === 'resolved' && !!t.statusChangeReason)!;
    renderApp(`/tickets/${ticket.id}`, { session });
    await screen.findByRole('region', { name: /^Ticket$/ });
    offered(screen.queryByRole('link', { name: 'Dispute this resolution' }), writes);
    offered(screen.queryByRole('link', { name: 'Copy as new ticket' }), writes);
  });

  it('the commands offer the two "new" commands only to who may write', async () => {
    const user = userEvent.setup();
    renderApp('/', { session });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.click(screen.getByRole('button', { name: /Commands/ }));
    const palette = await screen.findByRole('dialog', { name: 'Commands' }, { timeout: 10_000 });
    expect(within(palette).getByRole('option', { name: 'Tickets' })).toBeInTheDocument();
    offered(within(palette).queryByRole('option', { name: 'New ticket' }), writes);
    offered(within(palette).queryByRole('option', { name: 'New cancellation' }), writes);
  });

  it('`c` opens a new ticket only for who may write, and the cheat sheet lists it only for them', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/', { session });
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    (document.activeElement as HTMLElement | null)?.blur();
    // `?` after `c`: once its sheet shows, the `c` before it has been handled too.
    await user.keyboard('c');
    if (writes) await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/new'));
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    if (!writes) expect(router.state.location.pathname).toBe('/');
    const rows = within(sheet).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('g then tGo to the tickets');
    expect(rows.includes('cNew ticket')).toBe(writes);
  });
});

describe('the forms\' addresses for a viewer', () => {
  it.each([
    ['/tickets/new', 'New ticket', 'Go to the tickets', '/tickets'],
    ['/tickets/new?copyOf=TT-000001', 'New ticket', 'Go to the tickets', '/tickets'],
    ['/cancel-orders/new', 'New cancellation', 'Go to the order cancellations', '/cancel-orders'],
    ['/cancel-orders/new?productOrderId=PO-1', 'New cancellation', 'Go to the order cancellations', '/cancel-orders'],
  ])('%s explains that the role reads and does not write, with no form', async (path, heading, link, to) => {
    renderApp(path, { session: viewer });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Your role on this desk lets you read tickets and order cancellations, not create them.');
    expect(main).toHaveTextContent('ask whoever manages the desk’s accounts for the agent role');
    expect(within(main).getByRole('link', { name: link })).toHaveAttribute('href', to);
    expect(within(main).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: /Continue|Check|Send|Create/ })).not.toBeInTheDocument();
  });

  it('reads German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/cancel-orders/new', { session: viewer });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('main')).toHaveTextContent('Ihre Rolle an diesem Desk erlaubt es, Tickets und Auftragsstornierungen zu lesen, aber nicht anzulegen.');
  });

  it.each([
    ['/tickets/new', 'New ticket'],
    ['/cancel-orders/new', 'New cancellation'],
  ])('%s still shows the form to an agent', async (path, heading) => {
    renderApp(path, { session: agent });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent('Your role on this desk');
    expect(await within(screen.getByRole('main')).findAllByRole('textbox')).not.toHaveLength(0);
  });
});
