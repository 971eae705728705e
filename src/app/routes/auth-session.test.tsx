/**
 * Real mode in the real app (routes, providers, layout), with oidc-client-ts replaced at the module boundary by a fake
 * UserManager: the sign-in gate, the callback, the token on API calls, the 401 path, the account area and sign-out.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthController } from '../../features/auth/model/auth-controller';
import { agentUser, createFakeUserManager, polyfillDialog, type FakeUserManager } from '../../testing/fake-user-manager';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../api/query-client';
import { readJson, userKey, writeJson } from '../../lib/storage';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { renderApp } from '../../testing/render-app';

const base = '*/tmf-api/troubleTicket/v5';
/** Every API request the app sent, with the bearer token it carried. */
const seen: { path: string; authorization: string | null }[] = [];

const server = setupServer();
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  seen.push({ path: `${url.pathname}${url.search}`, authorization: request.headers.get('Authorization') });
});
const emptyList = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' } });
const listsAnswer = (resolver: (request: Request) => Response) => [
  http.get(`${base}/troubleTicket`, ({ request }) => resolver(request)),
  http.get(`${base}/cancelProductOrder`, ({ request }) => resolver(request)),
];

beforeAll(() => {
  polyfillDialog();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(async () => {
  server.use(...listsAnswer(() => emptyList()));
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

/** The real app in real mode at `path`; the browser address follows, as the browser router keeps it. */
function renderSignedIn(path: string, um: FakeUserManager, warningSeconds = 120) {
  window.history.replaceState(null, '', path);
  const controller = createAuthController({ loadUserManager: () => Promise.resolve(um), warningSeconds });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders auth={controller} queryClient={createQueryClient({ retryDelay: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, controller };
}

const bearerOf = (token: string) => `Bearer ${token}`;

describe('signed out', () => {
  it('shows the sign-in page instead of the screen, and signs in back to the same address', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(null);
    renderSignedIn('/tickets/TT-000001?tab=history', um);

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(seen).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/tickets/TT-000001?tab=history' }, ui_locales: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Opening the sign-in page…');
  });

  it('says so when the sign-in page cannot be reached, and the button tries again', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(null);
    um.signinRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderSignedIn('/', um);

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in page could not be reached.');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(um.signinRedirect).toHaveBeenCalledTimes(2);
  });
});

describe('the sign-in callback', () => {
  it('takes code and state out of the address and returns to the stored path', async () => {
    const um = createFakeUserManager(null);
    um.signinRedirectCallback.mockResolvedValue(agentUser({ state: { returnTo: '/cancel-orders?state=inProgress' } }));
    const { router } = renderSignedIn('/auth/callback?code=c-123&state=s-456', um);

    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel-orders'));
    expect(router.state.location.search).toBe('?state=inProgress');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(um.signinRedirectCallback).toHaveBeenCalledWith('http://localhost:3000/auth/callback?code=c-123&state=s-456');
    expect(within(screen.getByRole('banner')).getByText('Jana Schmidt')).toBeInTheDocument();
  });

  it('refuses a return address on another origin and goes to the overview', async () => {
    const um = createFakeUserManager(null);
    um.signinRedirectCallback.mockResolvedValue(agentUser({ state: { returnTo: 'https://evil.example/phish' } }));
    const { router } = renderSignedIn('/auth/callback?code=c&state=s', um);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('says in words what the provider answered, with the code already gone, and offers to sign in again', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(null);
    um.signinRedirectCallback.mockRejectedValue(Object.assign(new Error('access_denied'), { error: 'access_denied', error_description: 'The agent cancelled.' }));
    const { router } = renderSignedIn('/auth/callback?error=access_denied&state=s', um);

    await screen.findByRole('heading', { level: 1, name: 'Sign-in did not complete' });
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in service said: The agent cancelled.');
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: undefined });
  });
});

describe('calls to the service', () => {
  it('carry the signed-in agent’s access token', async () => {
    renderSignedIn('/', createFakeUserManager(agentUser({ token: 'agent-token' })));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(new Set(seen.map((r) => r.authorization))).toEqual(new Set([bearerOf('agent-token')]));
  });

  it('a 401 renews once, retries once with the new token, then asks to sign in again and returns to the page', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(agentUser({ token: 'token-1' }));
    um.nextRenewal = () => agentUser({ token: 'token-2' });
    server.use(
      ...listsAnswer(() =>
        HttpResponse.json({ '@type': 'Error', code: 'unauthorized', reason: 'Unauthorized', status: '401' }, { status: 401 }),
      ),
    );
    renderSignedIn('/?view=mine', um);

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    // Each request: once with the old token, once (the retry) with the renewed one, and never a third time.
    const byPath = new Map<string, typeof seen>();
    for (const request of seen) byPath.set(request.path, [...(byPath.get(request.path) ?? []), request]);
    expect(byPath.size).toBeGreaterThan(0);
    for (const [path, attempts] of byPath) {
      expect(attempts.map((a) => a.authorization), path).toEqual([bearerOf('token-1'), bearerOf('token-2')]);
    }
    expect(dialog).toHaveAttribute('data-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Sign in again' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/?view=mine' }, ui_locales: undefined });
  });

  it('a 401 mended by the renewal goes unnoticed: the page shows its data', async () => {
    const um = createFakeUserManager(agentUser({ token: 'token-1' }));
    um.nextRenewal = () => agentUser({ token: 'token-2' });
    server.use(
      ...listsAnswer((request) =>
        request.headers.get('Authorization') === bearerOf('token-2')
          ? HttpResponse.json([], { headers: { 'X-Total-Count': '7' } })
          : HttpResponse.json({ '@type': 'Error', code: 'unauthorized', reason: 'Unauthorized' }, { status: 401 }),
      ),
    );
    renderSignedIn('/', um);

    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent(/All tickets\D*7/));
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the expiry warning', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears the configured time before the end, and "Stay signed in" renews and gives focus back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const um = createFakeUserManager(agentUser({ expiresInSeconds: 600 }));
    renderSignedIn('/', um, 90);
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    signOut.focus();

    // The fake clock also moves with real time (shouldAdvanceTime), which on a busy machine can be seconds between
    // sign-in and here: stop well short of the warning, then go past it.
    await act(async () => {
      vi.advanceTimersByTime((600 - 90) * 1000 - 30_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });

    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveAccessibleDescription(/You will be signed out at \d\d:\d\d\. .*Nothing you have typed will be lost\./);
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    expect(stay).toHaveFocus();

    um.nextRenewal = () => agentUser({ token: 'token-2', expiresInSeconds: 600 });
    await user.click(stay);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Once a minute before the warning, in the background (refused, so the warning came), once for "Stay signed in".
    expect(um.signinSilent).toHaveBeenCalledTimes(2);
    expect(signOut).toHaveFocus();
  });
});

describe('the account area', () => {
  it('shows who is signed in', async () => {
    renderSignedIn('/', createFakeUserManager(agentUser({ name: 'Lukas Wagner' })));
    const account = await within(screen.getByRole('banner')).findByRole('group', { name: 'Your account' });
    expect(account).toHaveTextContent('Signed in as Lukas Wagner');
    expect(within(account).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('in demo mode shows the demo identity, clearly marked, and no sign-out', async () => {
    renderApp('/');
    const account = await within(screen.getByRole('banner')).findByRole('group', { name: 'Your account' });
    expect(account).toHaveTextContent('Signed in as Demo agent Demo identity');
    expect(within(account).queryByRole('button')).not.toBeInTheDocument();
  });

  it('in German names the demo identity in German (its name is no English word on a German screen)', async () => {
    await i18n.changeLanguage('de');
    try {
      renderApp('/');
      const account = await within(screen.getByRole('banner')).findByRole('group', { name: 'Ihr Konto' });
      expect(account).toHaveTextContent('Angemeldet als Demo-Agent Demo-Identität');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('signs out at once when there is no draft', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(agentUser());
    renderSignedIn('/', um);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(um.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(um.revokeTokens).toHaveBeenCalled();
  });

  it('asks before discarding a draft: staying keeps it, confirming discards it and signs out', async () => {
    const user = userEvent.setup();
    const um = createFakeUserManager(agentUser({ sub: 'agent.one' }));
    writeJson(userKey('agent.one', 'ticket-draft'), { step: 'check', values: { description: 'No sync since 08:00' } });
    writeJson(userKey('agent.two', 'cancel-draft'), { productOrderId: 'PO-1' });
    renderSignedIn('/', um);

    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    await user.click(signOut);
    let dialog = await screen.findByRole('dialog', { name: 'Discard your draft and sign out?' });
    expect(dialog).toHaveTextContent('You have a ticket that has not been sent yet.');
    // Another agent's draft in this browser is not this agent's business.
    expect(dialog).not.toHaveTextContent('order cancellation');
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signOut).toHaveFocus();
    expect(readJson(userKey('agent.one', 'ticket-draft'))).not.toBeNull();
    expect(um.signoutRedirect).not.toHaveBeenCalled();

    await user.click(signOut);
    dialog = await screen.findByRole('dialog', { name: 'Discard your draft and sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft and sign out' }));
    await waitFor(() => expect(um.signoutRedirect).toHaveBeenCalledTimes(1));
    expect(readJson(userKey('agent.one', 'ticket-draft'))).toBeNull();
    expect(readJson(userKey('agent.two', 'cancel-draft'))).not.toBeNull();
  });
});
