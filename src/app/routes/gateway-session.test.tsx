/**
 * Gateway mode in the real app (routes, providers, layout, dialogs) against a faked desk gateway (MSW): who is signed
 * in, no token on API calls, a 401 ending the session with sign-in back to the same page, a viewer, sign-out.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { createGatewayAuth } from '../../features/auth/model/gateway-auth';
import { i18n } from '../../lib/i18n';
import { polyfillDialog } from '../../testing/fake-user-manager';
import { AppProviders } from '../providers';
import { routes } from '../routes';

const base = '*/tmf-api/troubleTicket/v5';
const gateway = { session: null as null | Record<string, unknown>, apiRefuses: false };
/** Every API request, with the Authorization header it carried (there must be none). */
const seen: { call: string; authorization: string | null }[] = [];

const ended = () => HttpResponse.json({ '@type': 'Error', code: 'sessionEnded', reason: 'No session', status: '401' }, { status: 401 });
const list = () => (gateway.apiRefuses ? ended() : HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' } }));
const server = setupServer(
  http.get('*/gateway/session', () => (gateway.session ? HttpResponse.json(gateway.session) : ended())),
  http.post('*/gateway/logout', () => {
    gateway.session = null;
    return HttpResponse.json({ redirectTo: 'https://login.example.com/logout?post_logout_redirect_uri=x' });
  }),
  http.get(`${base}/troubleTicket`, list),
  http.get(`${base}/cancelProductOrder`, list),
);
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  seen.push({ call: `${request.method} ${url.pathname}`, authorization: request.headers.get('Authorization') });
});

const session = (canWrite: boolean) => ({
  subject: canWrite ? 'agent-1' : 'viewer-1',
  name: canWrite ? 'Jana Schmidt' : 'Petra Vogel',
  roles: [canWrite ? 'agent' : 'viewer'],
  canWrite,
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
});

beforeAll(() => {
  polyfillDialog();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(async () => {
  gateway.session = session(true);
  gateway.apiRefuses = false;
  seen.length = 0;
  window.sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

function renderGateway(path: string) {
  window.history.replaceState(null, '', path);
  const navigate = vi.fn();
  const controller = createGatewayAuth({ warningSeconds: 120, navigate, memory: window.sessionStorage });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders auth={controller} queryClient={createQueryClient({ retryDelay: 0 })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { navigate, controller, router };
}

const account = () => screen.findByRole('group', { name: 'Your account' });

describe('gateway mode', () => {
  it('signs the agent in from the gateway\'s session and calls the API without any token', async () => {
    renderGateway('/');
    expect(await account()).toHaveTextContent('Signed in as Jana Schmidt');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await waitFor(() => expect(seen.some((request) => request.call.startsWith('GET /tmf-api/'))).toBe(true));
    expect(seen.filter((request) => request.authorization !== null)).toEqual([]);
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'New ticket' })).toBeInTheDocument();
  });

  it('without a session shows the sign-in page, whose button goes to the gateway\'s sign-in and back to this address', async () => {
    gateway.session = null;
    const user = userEvent.setup();
    const { navigate } = renderGateway('/tickets?status=acknowledged');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(navigate).toHaveBeenCalledWith('/gateway/login?returnTo=%2Ftickets%3Fstatus%3Dacknowledged');
  });

  it('a 401 from the API with the session gone: the dialog says so and signs in back to the same page', async () => {
    const user = userEvent.setup();
    const { navigate } = renderGateway('/');
    await account();
    gateway.session = null;
    gateway.apiRefuses = true;
    window.history.replaceState(null, '', '/tickets?status=acknowledged');
    await user.click(screen.getByRole('link', { name: 'Tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/gateway\/login\?returnTo=%2Ftickets/));
  });

  it('a viewer is named and offered no "New ticket"', async () => {
    gateway.session = session(false);
    renderGateway('/');
    expect(await account()).toHaveTextContent('Signed in as Petra Vogel');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'New ticket' })).not.toBeInTheDocument();
  });

  it('sign-out ends the session at the gateway and goes to the provider\'s sign-out page', async () => {
    const user = userEvent.setup();
    const { navigate } = renderGateway('/');
    await user.click(within(await account()).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://login.example.com/logout?post_logout_redirect_uri=x'));
    expect(seen.map((request) => request.call)).toContain('POST /gateway/logout');
    expect(gateway.session).toBeNull();
  });
});
