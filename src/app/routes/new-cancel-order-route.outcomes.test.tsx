/** Sending a cancellation from the check page: every outcome of interface.md 4.2, against the mocked service. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readDraft } from '../../features/cancel-orders/model/draft';
import { emptyValues } from '../../features/cancel-orders/model/form-values';
import { demoSession } from '../../lib/session';
import { answers, error, openCheckPage, sentBody, submitName, setUpCancelService } from '../../testing/cancel-order-service';

const { server, store, posts, answerPost, orders } = setUpCancelService();

describe('sending a cancellation', () => {
  it('201: one POST of exactly the checked body as application/json;charset=utf-8, then the detail page confirms it', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));

    expect(await screen.findByRole('region', { name: 'Cancellation requested' })).toHaveTextContent('product order PO-123');
    const created = store.cancelOrders().find((o) => o.productOrder.id === 'PO-123')!;
    expect(router.state.location.pathname).toBe(`/cancel-orders/${created.id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Cancellation ${created.id}`);
    expect(posts).toEqual([{ contentType: 'application/json;charset=utf-8', body: sentBody }]);
    // The draft has done its job.
    expect(readDraft('demo-agent')).toBeNull();
  });

  it('one click sends one request: a double click and a press of Enter while sending add nothing', async () => {
    answerPost(async () => {
      await delay(150);
      return HttpResponse.json({ id: 'CPO-1', state: 'acknowledged', productOrder: sentBody.productOrder }, { status: 201 });
    });
    const user = userEvent.setup();
    await openCheckPage();
    const button = screen.getByRole('button', { name: submitName });
    await user.dblClick(button);
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sending the cancellation of product order PO-123…');
    await screen.findByRole('region', { name: 'Cancellation requested' });
    expect(posts).toHaveLength(1);
  });

  it('202: says it was accepted and links to the list of this order\'s cancellations', async () => {
    answerPost(() => new HttpResponse(null, { status: 202 }));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Cancellation request accepted' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('accepted the cancellation of product order PO-123');
    expect(screen.getByRole('link', { name: 'See the cancellations of product order PO-123' })).toHaveAttribute(
      'href',
      '/cancel-orders?productOrderId=PO-123',
    );
    expect(readDraft('demo-agent')).toBeNull();
  });

  it('400: the fields the service named are marked on the form, the rest in the summary, answers kept', async () => {
    answerPost(
      error(400, {
        invalidFields: [
          { path: 'productOrder.id', message: 'Product order: unknown to the provider' },
          { path: 'requestedCancellationDate', message: 'Requested cancellation date: too late' },
          { path: '@type', message: 'Type: choose one of CancelProductOrder' },
        ],
      }),
    );
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New cancellation' })).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).closest('.error-summary') as HTMLElement;
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Product order: unknown to the provider' });
    expect(within(summary).getByRole('link', { name: 'Requested cancellation date: too late' })).toBeInTheDocument();
    expect(within(summary).getByText('Type: choose one of CancelProductOrder')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Product order ID' });
    expect(field).toHaveValue('PO-123');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Product order: unknown to the provider/);
    await user.click(link);
    expect(field).toHaveFocus();
  });

  it('400 without named fields: the service\'s message in the summary', async () => {
    answerPost(error(400, { message: 'productOrder.id is unknown' }));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    expect(await screen.findByText('The service refused the cancellation as invalid: productOrder.id is unknown')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Product order ID' })).toHaveValue('PO-123');
  });

  it.each([
    [406, 'The service cannot answer in a form this app reads', 'HTTP 406'],
    [403, 'You are not allowed to cancel product orders', 'HTTP 403'],
    [404, 'The cancellation was not sent', 'The service does not know this resource (HTTP 404)'],
  ])('%i: words, answers kept, no Retry that cannot help', async (status, title, words) => {
    answerPost(error(status));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(words);
    expect(within(alert).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(readDraft('demo-agent')).toEqual(answers);
    expect(posts).toHaveLength(1);
  });

  it('401: keeps the draft and signs in again, coming back to the check page', async () => {
    answerPost(error(401));
    const signIn = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    await openCheckPage(answers, { ...demoSession, demo: false, signIn });
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in again to send the cancellation');
    expect(signIn).toHaveBeenCalledWith('/cancel-orders/new?step=confirm');
    expect(readDraft('demo-agent')).toEqual(answers);
    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  // The seed holds an acknowledged (CPO-000023) and an inProgress (CPO-000024) cancellation: both are "under way".
  it.each([
    ['PO-004700814', 'CPO-000023', 'Acknowledged'],
    ['PO-004700851', 'CPO-000024', 'In progress'],
  ])('409 for %s: a cancellation is under way; the page finds %s and links to it', async (productOrderId, id, state) => {
    const user = userEvent.setup();
    await openCheckPage({ ...emptyValues(productOrderId) });
    await user.click(screen.getByRole('button', { name: `Cancel product order ${productOrderId}` }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A cancellation for this order is already under way');
    expect(alert).not.toHaveTextContent('An earlier attempt');
    const link = await within(alert).findByRole('link', { name: `See cancellation ${id} (${state})` });
    expect(link).toHaveAttribute('href', `/cancel-orders/${id}`);
    expect(posts).toHaveLength(1);
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: `Cancellation ${id}` })).toBeInTheDocument();
  });

  it('a finished cancellation does not block a new one for the same order (201)', async () => {
    const user = userEvent.setup();
    // CPO-000001 of the seed (PO-004700000) is done.
    await openCheckPage({ ...emptyValues('PO-004700000') });
    await user.click(screen.getByRole('button', { name: 'Cancel product order PO-004700000' }));
    expect(await screen.findByRole('region', { name: 'Cancellation requested' })).toBeInTheDocument();
  });

  it('409 when the one under way cannot be found: links to the order\'s cancellations instead', async () => {
    answerPost(error(409));
    server.use(http.get(orders, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByRole('link', { name: 'See the cancellations of product order PO-123' })).toHaveAttribute(
      'href',
      '/cancel-orders?productOrderId=PO-123',
    );
  });

  it.each([
    ['500', error(500), 'The service had a problem (HTTP 500)'],
    ['no answer', () => HttpResponse.error(), 'The service could not be reached'],
  ])('%s: answers kept and Send again works', async (_name, failure, words) => {
    answerPost(failure, () => HttpResponse.json({ id: 'CPO-9', state: 'acknowledged' }, { status: 201 }));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cancellation was not sent');
    expect(alert).toHaveTextContent(words);
    expect(alert).toHaveTextContent('Your input is kept.');
    expect(readDraft('demo-agent')).toEqual(answers);
    await user.click(within(alert).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancellation CPO-9' })).toBeInTheDocument();
    expect(posts).toHaveLength(2);
  });

  it('a lost answer, then 409 on Send again: says the first attempt may have gone through', async () => {
    answerPost(() => HttpResponse.error(), error(409));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/An earlier attempt of yours may have reached the service/)).toBeInTheDocument();
  });

  it('a 2xx that cannot be read: the cancellation may exist, so the page points to the list first', async () => {
    answerPost(() => HttpResponse.text('<html>gateway</html>', { status: 201 }));
    const user = userEvent.setup();
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service answered, but the answer could not be read');
    expect(within(alert).getByRole('link', { name: 'See the cancellations of product order PO-123' })).toBeInTheDocument();
  });
});
