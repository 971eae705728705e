/**
 * Sign-out on a shared desk (decision 0054), in the real app in real mode over a fake UserManager: the question lists
 * the tickets still in the outbox beside the drafts; sign-out deletes the offline stores and their key; the idle
 * sign-out warns a minute before (announced), any key or click cancels it, and otherwise it signs the agent out.
 */
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createStore, get } from 'idb-keyval';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../api/query-client';
import { i18n } from '../../../lib/i18n';
import { listOutbox, putOutboxEntry } from '../../../lib/outbox/store';
import { readSealed, sealed, writeSealed } from '../../../lib/sealed-storage';
import { userKey } from '../../../lib/storage';
import { agentUser, createFakeUserManager, polyfillDialog, type FakeUserManager } from '../../../testing/fake-user-manager';
import { pendingTicket } from '../../../testing/pending-ticket';
import { createAuthController } from '../model/auth-controller';
import { IdleSignOut, IDLE_WARNING_MS } from './idle-sign-out';
import { ModalDialog } from './modal-dialog';

const base = '*/tmf-api/troubleTicket/v5';
const server = setupServer(
  http.get(`${base}/troubleTicket`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' } })),
  http.get(`${base}/cancelProductOrder`, () => HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' } })),
);

beforeAll(() => {
  polyfillDialog();
  server.listen({ onUnhandledRequest: 'bypass' });
});
beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

function renderSignedIn(um: FakeUserManager) {
  const controller = createAuthController({ loadUserManager: () => Promise.resolve(um), warningSeconds: 120 });
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <AppProviders auth={controller} queryClient={createQueryClient({ retryDelay: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const keyOf = (userId: string) => get<CryptoKey>(userId, createStore('trouble-ticket-desk-keys', 'keys'));

describe('sign-out on a shared desk', () => {
  it('lists the tickets still in the outbox beside the draft; confirming deletes them, the draft and the key', async () => {
    const user = userEvent.setup();
    const agent = 'desk-agent.one';
    await putOutboxEntry(pendingTicket({ userId: agent, externalId: 'EXT-Q1', queuedAt: new Date().toISOString() }));
    await putOutboxEntry(pendingTicket({ userId: agent, externalId: 'EXT-Q2', queuedAt: new Date().toISOString(), state: 'refused' }));
    await putOutboxEntry(pendingTicket({ userId: 'desk-agent.two', externalId: 'EXT-THEIRS', queuedAt: new Date().toISOString() }));
    writeSealed(agent, userKey(agent, 'ticket-draft.run1'), { step: 'check', values: { description: 'No sync since 08:00' } });
    await sealed();
    expect(await keyOf(agent)).toBeDefined();
    const um = createFakeUserManager(agentUser({ sub: agent }));
    renderSignedIn(um);

    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    await user.click(signOut);
    let dialog = await screen.findByRole('dialog', { name: 'Discard your unsent tickets and sign out?' });
    expect(dialog).toHaveTextContent('You have a ticket that has not been sent yet.');
    expect(dialog).toHaveTextContent('These 2 tickets are waiting in the outbox and have not been sent yet:');
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ticket EXT-Q1', 'Ticket EXT-Q2']);
    expect(dialog).not.toHaveTextContent('EXT-THEIRS');
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(await listOutbox(agent)).toHaveLength(2);

    await user.click(signOut);
    dialog = await screen.findByRole('dialog', { name: 'Discard your unsent tickets and sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(um.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(await listOutbox(agent)).toEqual([]);
    expect(readSealed(userKey(agent, 'ticket-draft.run1'))).toBeNull();
    expect(await keyOf(agent)).toBeUndefined();
    expect(await listOutbox('desk-agent.two')).toHaveLength(1);
  });

  it('with only an outbox ticket, asks all the same (one ticket)', async () => {
    const user = userEvent.setup();
    const agent = 'desk-agent.three';
    await putOutboxEntry(pendingTicket({ userId: agent, externalId: 'EXT-ONLY', queuedAt: new Date().toISOString() }));
    const um = createFakeUserManager(agentUser({ sub: agent }));
    renderSignedIn(um);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your unsent tickets and sign out?' });
    expect(dialog).toHaveTextContent('This ticket is waiting in the outbox and has not been sent yet:');
    expect(dialog).not.toHaveTextContent('You have a ticket that has not been sent yet.');
    expect(um.signoutRedirect).not.toHaveBeenCalled();
  });
});

describe('the sign-out question on a phone', () => {
  // Asked from the header's menu: closing the menu (or a window narrowed meanwhile) must not take the question with it.
  it('stays seen when the account area it was asked from is hidden', () => {
    render(
      <div id="header-tools" hidden>
        <ModalDialog open titleId="t" descriptionId="d" onCancel={vi.fn()}>
          <h2 id="t">Discard your unsent tickets and sign out?</h2>
          <p id="d">One ticket is waiting.</p>
        </ModalDialog>
      </div>,
    );
    expect(screen.getByRole('dialog', { name: 'Discard your unsent tickets and sign out?' })).toBeVisible();
  });
});

describe('idle sign-out', () => {
  const minutes = 5;

  function renderIdle() {
    vi.useFakeTimers();
    const onSignOut = vi.fn();
    render(<IdleSignOut minutes={minutes} userId="idle-agent" onSignOut={onSignOut} />);
    return { onSignOut, alert: screen.getByRole('alert') };
  }

  it('warns a minute before (announced), then signs out', async () => {
    const { onSignOut, alert } = renderIdle();
    await act(() => vi.advanceTimersByTimeAsync(minutes * 60_000 - IDLE_WARNING_MS - 1000));
    expect(alert).toBeEmptyDOMElement();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(alert).toHaveTextContent(/You will be signed out at .* because nothing has been typed or clicked for a while/);
    expect(onSignOut).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_WARNING_MS - 1000));
    expect(onSignOut).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  // On a phone, or a desktop zoomed to 400 %, the account area sits in the header's closed menu (display: none).
  it('is seen and announced even when the account area is hidden in a closed menu', async () => {
    vi.useFakeTimers();
    render(
      <div id="header-tools" hidden>
        <IdleSignOut minutes={minutes} userId="idle-agent" onSignOut={vi.fn()} />
      </div>,
    );
    await act(() => vi.advanceTimersByTimeAsync(minutes * 60_000 - IDLE_WARNING_MS));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('You will be signed out');
    expect(alert).toBeVisible();
  });

  it.each([
    ['a key', () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }))],
    ['a click', () => window.dispatchEvent(new Event('pointerdown'))],
  ])('%s during the warning cancels it and starts the time again', async (_name, input) => {
    const { onSignOut, alert } = renderIdle();
    await act(() => vi.advanceTimersByTimeAsync(minutes * 60_000 - IDLE_WARNING_MS));
    expect(alert).toHaveTextContent('You will be signed out');
    act(input);
    expect(alert).toHaveTextContent('You stay signed in.');
    await act(() => vi.advanceTimersByTimeAsync(minutes * 60_000 - 1000));
    expect(onSignOut).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
