/** The cancel form: pre-fill, validation by the domain schema, the check page and its Change links, the draft. */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { readDraft, writeDraft } from '../../features/cancel-orders/model/draft';
import type { CancelOrderValues } from '../../features/cancel-orders/model/form-values';
import { i18n } from '../../lib/i18n';
import { demoSession } from '../../lib/session';
import { removePreference, userKey } from '../../lib/storage';
import { renderApp } from '../../testing/render-app';

const { server, store } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  server.resetHandlers();
  store.reset();
  for (const user of ['demo-agent', 'agent-two']) removePreference(userKey(user, 'cancel-draft'));
});
afterAll(() => server.close());

const idField = () => screen.getByRole('textbox', { name: 'Product order ID' });
const reasonField = () => screen.getByRole('textbox', { name: 'Cancellation reason (optional)' });
const dateField = () => screen.getByLabelText('Requested cancellation date (optional)');
const checkHeading = { level: 1, name: 'Check the cancellation before sending it' } as const;

async function openForm(path = '/cancel-orders/new') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'New cancellation' });
  return view;
}

/** The JSON the check page says it will send. */
function shownBody(): unknown {
  const pre = screen.getByText(/"@type": "CancelProductOrder"/, { selector: 'pre' });
  return JSON.parse(pre.textContent ?? '');
}

describe('the cancel form', () => {
  it('is pre-filled from ?productOrderId= (the link a ticket offers)', async () => {
    await openForm('/cancel-orders/new?productOrderId=PO-4711');
    expect(idField()).toHaveValue('PO-4711');
    expect(reasonField()).toHaveValue('');
  });

  it('marks the optional answers "(optional)" and the required one not at all', async () => {
    await openForm();
    expect(idField()).toHaveAccessibleName('Product order ID');
    expect(idField()).toHaveAccessibleDescription(/for example PO-004700814/);
    expect(reasonField()).toBeInTheDocument();
    expect(dateField()).toHaveAttribute('type', 'datetime-local');
  });

  it.each<[string, Partial<CancelOrderValues> & { id?: string }, string | null, object | null]>([
    ['no product order id', { id: '' }, 'Enter the ID of the product order to cancel', null],
    ['only spaces as id', { id: '   ' }, 'Enter the ID of the product order to cancel', null],
    ['a one-character id', { id: 'P' }, null, { productOrder: { id: 'P', '@referredType': 'ProductOrder' } }],
    ['an id with spaces around it', { id: ' PO-1 ' }, null, { productOrder: { id: 'PO-1', '@referredType': 'ProductOrder' } }],
    ['no reason', { id: 'PO-1', cancellationReason: '' }, null, { productOrder: { id: 'PO-1', '@referredType': 'ProductOrder' } }],
    ['a reason', { id: 'PO-1', cancellationReason: 'x' }, null, { cancellationReason: 'x' }],
    ['a date that is not one', { id: 'PO-1', requestedCancellationDate: 'soon' }, 'Requested cancellation date: enter a real date and time', null],
    ['a date without its offset', { id: 'PO-1', requestedCancellationDate: '2026-12-01T10:00' }, 'Requested cancellation date: enter a real date and time', null],
    ['a date with its offset', { id: 'PO-1', requestedCancellationDate: '2026-12-01T10:00:00+01:00' }, null, { requestedCancellationDate: '2026-12-01T10:00:00+01:00' }],
  ])('%s', async (_name, { id = 'PO-1', cancellationReason = '', requestedCancellationDate = '' }, error, sent) => {
    writeDraft('demo-agent', { productOrder: { id }, cancellationReason, requestedCancellationDate });
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    if (error) {
      const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).closest('.error-summary') as HTMLElement;
      expect(summary).toHaveFocus();
      expect(within(summary).getByRole('link', { name: new RegExp(`^${error}`) })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'New cancellation' })).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('heading', checkHeading)).toHaveFocus();
      expect(shownBody()).toMatchObject({ '@type': 'CancelProductOrder', ...sent });
      if (!cancellationReason) expect(shownBody()).not.toHaveProperty('cancellationReason');
      if (!requestedCancellationDate) expect(shownBody()).not.toHaveProperty('requestedCancellationDate');
    }
  });

  it('typed answers reach the check page field by field, the date as local time with zone and ISO 8601 in the body', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(idField(), 'PO-555');
    await user.type(reasonField(), 'Ordered twice');
    fireEvent.change(dateField(), { target: { value: '2026-12-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', checkHeading);

    const body = shownBody() as { requestedCancellationDate: string };
    expect(body).toMatchObject({ productOrder: { id: 'PO-555' }, cancellationReason: 'Ordered twice' });
    expect(body.requestedCancellationDate).toMatch(/^2026-12-01T10:00:00(Z|[+-]\d{2}:\d{2})$/);
    const date = screen.getByText((_, el) => el?.tagName === 'TIME');
    expect(date).toHaveAttribute('datetime', body.requestedCancellationDate);
    expect(date.textContent).toMatch(/1 Dec 2026, 10:00 \S+/);
    expect(screen.getByRole('button', { name: 'Cancel product order PO-555' })).toBeInTheDocument();
  });

  it('each "Change" link goes back to the form and focuses its field, answers kept', async () => {
    writeDraft('demo-agent', { productOrder: { id: 'PO-1' }, cancellationReason: 'why', requestedCancellationDate: '' });
    const user = userEvent.setup();
    renderApp('/cancel-orders/new?step=confirm');
    await screen.findByRole('heading', checkHeading);
    for (const [link, field] of [
      ['Change Product order ID', idField],
      ['Change Cancellation reason', reasonField],
      ['Change Requested cancellation date', dateField],
    ] as const) {
      await user.click(screen.getByRole('link', { name: link }));
      await screen.findByRole('heading', { level: 1, name: 'New cancellation' });
      expect(field()).toHaveFocus();
      expect(idField()).toHaveValue('PO-1');
      expect(reasonField()).toHaveValue('why');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByRole('heading', checkHeading);
    }
  });

  it('autosaves every change per agent, and restores it after a reload with a way to start again', async () => {
    const user = userEvent.setup();
    const first = await openForm();
    await user.type(idField(), 'PO-77');
    await user.type(reasonField(), 'Umzug');
    expect(readDraft('demo-agent')).toEqual({ productOrder: { id: 'PO-77' }, cancellationReason: 'Umzug', requestedCancellationDate: '' });
    first.unmount();

    await openForm();
    expect(idField()).toHaveValue('PO-77');
    expect(reasonField()).toHaveValue('Umzug');
    expect(screen.getByText('Your cancellation that was not yet sent has been restored.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(idField()).toHaveValue('');
    expect(idField()).toHaveFocus();
    expect(readDraft('demo-agent')).toBeNull();
  });

  it('keeps drafts apart per agent', async () => {
    writeDraft('demo-agent', { productOrder: { id: 'PO-MINE' }, cancellationReason: '', requestedCancellationDate: '' });
    renderApp('/cancel-orders/new', { session: { ...demoSession, userId: 'agent-two' } });
    await screen.findByRole('heading', { level: 1, name: 'New cancellation' });
    expect(idField()).toHaveValue('');
  });

  it('a link for another order wins over an older draft; one for the same order resumes it', async () => {
    writeDraft('demo-agent', { productOrder: { id: 'PO-OLD' }, cancellationReason: 'old', requestedCancellationDate: '' });
    const other = await openForm('/cancel-orders/new?productOrderId=PO-NEW');
    expect(idField()).toHaveValue('PO-NEW');
    expect(reasonField()).toHaveValue('');
    other.unmount();
    await openForm('/cancel-orders/new?productOrderId=PO-OLD');
    expect(reasonField()).toHaveValue('old');
  });

  it('after a sign-in round trip the agent lands on the check page with the answers', async () => {
    writeDraft('demo-agent', { productOrder: { id: 'PO-9' }, cancellationReason: 'x', requestedCancellationDate: '' });
    renderApp('/cancel-orders/new?step=confirm');
    expect(await screen.findByRole('heading', checkHeading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel product order PO-9' })).toBeInTheDocument();
  });

  it('the check page with answers that do not pass sends the agent back to the form, errors shown', async () => {
    writeDraft('demo-agent', { productOrder: { id: '' }, cancellationReason: 'x', requestedCancellationDate: '' });
    const { router } = renderApp('/cancel-orders/new?step=confirm');
    expect(await screen.findByRole('link', { name: 'Enter the ID of the product order to cancel' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says so once when the browser cannot keep the draft, and still works', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    await openForm();
    await user.type(idField(), 'PO-1');
    expect(screen.getByText(/This browser cannot keep your input/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', checkHeading)).toBeInTheDocument();
    setItem.mockRestore();
  });

  it('reads German, errors included', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    renderApp('/cancel-orders/new');
    await screen.findByRole('heading', { level: 1, name: 'Neue Stornierung' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('link', { name: 'Geben Sie die ID des zu stornierenden Produktauftrags ein' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Produktauftrags-ID' })).toHaveAttribute('aria-invalid', 'true');
  });
});
