/** The cancellation detail page against the mocked service: every fact, the created confirmation, refresh, failures. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const base = '*/tmf-api/troubleTicket/v5';
const { server, store } = createMockServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  store.reset();
  vi.useRealTimers();
});
afterAll(() => server.close());
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

/** The value cell of a summary row, found by its term. */
function row(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.parentElement?.querySelector('dd');
  if (!value) throw new Error(`no value for ${label}`);
  return value;
}

const errorBody = (status: number, reason: string) => ({ '@type': 'Error', code: 'x', reason, status: String(status) });

describe('cancellation detail', () => {
  it('shows every fact of a done cancellation: order, state, reason, dates in local time with zone', async () => {
    const order = store.cancelOrder('CPO-000003')!;
    renderApp('/cancel-orders/CPO-000003');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancellation CPO-000003' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Details' });

    expect(row('Product order ID')).toHaveTextContent(order.productOrder.id);
    expect(within(row('State')).getByText('Done')).toHaveClass('status-badge');
    expect(row('Cancellation reason')).toHaveTextContent(order.cancellationReason!);
    const dates: [string, string][] = [
      ['Requested cancellation date', order.requestedCancellationDate!],
      ['Effective cancellation date', order.effectiveCancellationDate!],
      ['Requested on', order.creationDate],
    ];
    for (const [label, iso] of dates) {
      const time = within(row(label)).getByText(formatDateTime(iso));
      expect(time.tagName).toBe('TIME');
      expect(time).toHaveAttribute('datetime', iso);
      // Local time with its zone, never a bare UTC string.
      expect(time.textContent).toMatch(/\d{2}:\d{2} \S+$/);
      expect(time.textContent).not.toContain(iso);
    }
    expect(screen.getByText(/^State as of /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the order cancellations' })).toHaveAttribute('href', '/cancel-orders');
    // No confirmation without a create.
    expect(screen.queryByRole('heading', { name: 'Cancellation requested' })).not.toBeInTheDocument();
  });

  it('says "Not provided" for absent answers and "Not yet" for the effective date of an open cancellation', async () => {
    server.use(
      http.get(`${base}/cancelProductOrder/:id`, ({ params }) =>
        HttpResponse.json({ id: params.id, state: 'inProgress', someNewField: { x: 1 } }),
      ),
    );
    renderApp('/cancel-orders/CPO-X');
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    expect(row('Product order ID')).toHaveTextContent('Not provided');
    expect(row('Cancellation reason')).toHaveTextContent('Not provided');
    expect(row('Requested cancellation date')).toHaveTextContent('Not provided');
    expect(row('Effective cancellation date')).toHaveTextContent('Not yet');
    expect(row('Requested on')).toHaveTextContent('Not provided');
    expect(row('State')).toHaveTextContent('In progress');
  });

  it.each([
    ['CPO-000002', 'terminatedWithError', true],
    ['CPO-000006', 'rejected', true],
    ['CPO-000003', 'done', false],
    ['CPO-000023', 'acknowledged', false],
  ])('%s (%s): offers to cancel its product order again: %s', async (id, _state, offered) => {
    const order = store.cancelOrder(id)!;
    renderApp(`/cancel-orders/${id}`);
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    const link = screen.queryByRole('link', { name: `Cancel product order ${order.productOrder.id} again` });
    if (offered) expect(link).toHaveAttribute('href', `/cancel-orders/new?productOrderId=${order.productOrder.id}`);
    else expect(link).not.toBeInTheDocument();
  });

  it('shows a state this app does not know as it came', async () => {
    server.use(http.get(`${base}/cancelProductOrder/:id`, ({ params }) => HttpResponse.json({ id: params.id, state: 'onHold' })));
    renderApp('/cancel-orders/CPO-X');
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    expect(row('State')).toHaveTextContent('onHold');
    expect(row('Effective cancellation date')).toHaveTextContent('Not provided');
  });

  it('an unknown id says "No such cancellation" with a link to the list, and offers no Retry', async () => {
    renderApp('/cancel-orders/CPO-999999');
    expect(await screen.findByRole('heading', { level: 2, name: 'No such cancellation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cancellation CPO-999999');
    expect(screen.getByText(/no cancellation with the reference CPO-999999/)).toBeInTheDocument();
    // One way back, in the panel (issue 37): not a second one under it.
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link')).toHaveLength(1);
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Go to the order cancellations' })).toHaveAttribute('href', '/cancel-orders');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('403 says the agent may not see it, without a Retry that cannot help', async () => {
    server.use(http.get(`${base}/cancelProductOrder/:id`, () => HttpResponse.json(errorBody(403, 'Forbidden'), { status: 403 })));
    renderApp('/cancel-orders/CPO-000001');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No access to this cancellation');
    expect(alert).toHaveTextContent('You are not allowed to see this cancellation (HTTP 403)');
    expect(within(screen.getByRole('main')).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['a 500', () => HttpResponse.json(errorBody(500, 'Database down'), { status: 500 }), 'The service had a problem (HTTP 500)'],
    ['a malformed answer', () => HttpResponse.json(['not', 'an', 'order']), 'The service sent an answer that the app cannot read.'],
    ['no answer', () => HttpResponse.error(), 'The service could not be reached.'],
  ])('%s shows words and a Retry that works', async (_name, failure, words) => {
    let failing = true;
    server.use(http.get(`${base}/cancelProductOrder/:id`, () => (failing ? failure() : undefined)));
    const user = userEvent.setup();
    renderApp('/cancel-orders/CPO-000003');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cancellation could not be loaded.');
    expect(alert).toHaveTextContent(words);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a create (location state { created: true }) confirms the request above the facts', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await act(() => router.navigate('/cancel-orders/CPO-000023', { state: { created: true } }));
    const panel = await screen.findByRole('region', { name: 'Cancellation requested' });
    expect(panel).toHaveTextContent('The cancellation of product order PO-004700814 has been sent. Its reference is CPO-000023.');
    expect(row('State')).toHaveTextContent('Acknowledged');
  });

  it('asks again every 60 s and on focus, and shows the new state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(`${base}/cancelProductOrder/:id`, () => {
        calls += 1;
        return undefined;
      }),
    );
    renderApp('/cancel-orders/CPO-000024');
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    expect(row('State')).toHaveTextContent('In progress');
    expect(calls).toBe(1);

    store.cancelOrder('CPO-000024')!.state = 'done';
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await vi.waitFor(() => expect(row('State')).toHaveTextContent('Done'));
    expect(calls).toBe(2);

    store.cancelOrder('CPO-000024')!.state = 'terminatedWithError';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await vi.waitFor(() => expect(row('State')).toHaveTextContent('Terminated with error'));
    expect(calls).toBe(3);
    focusManager.setFocused(undefined);
  });

  it('a failed background refresh keeps the facts on screen and offers Retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failing = false;
    server.use(
      http.get(`${base}/cancelProductOrder/:id`, () => (failing ? HttpResponse.json(errorBody(403, 'Forbidden'), { status: 403 }) : undefined)),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/cancel-orders/CPO-000024');
    await screen.findByRole('heading', { level: 2, name: 'Details' });
    failing = true;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText(/The latest state could not be loaded/)).toBeInTheDocument();
    expect(row('State')).toHaveTextContent('In progress');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(screen.queryByText(/The latest state could not be loaded/)).not.toBeInTheDocument());
    expect(screen.getByText(/^State as of /)).toBeInTheDocument();
  });

  it('reads German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/cancel-orders/CPO-000003');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stornierung CPO-000003' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Angaben' });
    expect(row('Zustand')).toHaveTextContent('Erledigt');
    expect(row('Produktauftrags-ID')).toHaveTextContent('PO-004700074');
  });
});
