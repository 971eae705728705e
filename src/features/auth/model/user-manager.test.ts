/**
 * The real oidc-client-ts with this app's settings (only the redirect itself is caught): code flow with an S256
 * code challenge, the resource indicator, and every piece of state in sessionStorage, none in localStorage.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { User, UserManager, type INavigator } from 'oidc-client-ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../../lib/config';
import { userManagerSettings } from './user-manager';

const AUTHORITY = 'https://login.example.test/realms/desk';
const ORIGIN = 'https://desk.example.test';
const oidc: OidcConfig = {
  authority: AUTHORITY,
  clientId: 'trouble-ticket-desk',
  scope: 'openid profile offline_access',
  resource: 'https://api.example.test/tmf-api/troubleTicket/v5',
};

const server = setupServer(
  http.get(`${AUTHORITY}/.well-known/openid-configuration`, () =>
    HttpResponse.json({
      issuer: AUTHORITY,
      authorization_endpoint: `${AUTHORITY}/auth`,
      token_endpoint: `${AUTHORITY}/token`,
      end_session_endpoint: `${AUTHORITY}/session/end`,
      jwks_uri: `${AUTHORITY}/jwks`,
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Catches the address oidc-client-ts would send the browser to. */
function catchingNavigator(): INavigator & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    prepare: () =>
      Promise.resolve({
        navigate: ({ url }) => {
          urls.push(url);
          return Promise.resolve({ url: '' });
        },
        close: () => undefined,
      }),
    callback: () => Promise.resolve(),
  };
}

const storageKeys = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => {
  window.sessionStorage.clear();
});

describe('userManagerSettings', () => {
  it('asks for an authorization code with an S256 code challenge, the API resource, and the return path in state', async () => {
    const navigator = catchingNavigator();
    const um = new UserManager(userManagerSettings(oidc, ORIGIN), navigator);

    await um.signinRedirect({ state: { returnTo: '/tickets/new?step=check' } });

    expect(navigator.urls).toHaveLength(1);
    const url = new URL(navigator.urls[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTHORITY}/auth`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('trouble-ticket-desk');
    expect(params.get('redirect_uri')).toBe(`${ORIGIN}/auth/callback`);
    expect(params.get('scope')).toBe('openid profile offline_access');
    expect(params.get('resource')).toBe(oidc.resource);
    expect(params.get('code_challenge_method')).toBe('S256');
    // base64url of a SHA-256 digest: 43 characters.
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    // The return path stays in this browser; the provider only sees the opaque state id.
    expect(url.href).not.toContain('step%3Dcheck');

    // The verifier and the return path wait in sessionStorage for the callback; nothing in localStorage.
    const stored = storageKeys(window.sessionStorage).filter((key) => key.startsWith('oidc.'));
    expect(stored).toEqual([`oidc.${params.get('state')}`]);
    expect(window.sessionStorage.getItem(stored[0]!)).toContain('code_verifier');
    expect(window.sessionStorage.getItem(stored[0]!)).toContain('/tickets/new?step=check');
    expect(storageKeys(window.localStorage)).toEqual([]);
  });

  it('keeps the signed-in user (and its tokens) in sessionStorage only', async () => {
    const um = new UserManager(userManagerSettings(oidc, ORIGIN), catchingNavigator());
    await um.storeUser(
      new User({ access_token: 'at-secret', refresh_token: 'rt-secret', id_token: 'id-secret', token_type: 'Bearer', profile: { sub: 'agent.one', iss: AUTHORITY, aud: 'x', exp: 0, iat: 0 } }),
    );

    expect(window.sessionStorage.getItem(`oidc.user:${AUTHORITY}:trouble-ticket-desk`)).toContain('at-secret');
    expect(storageKeys(window.localStorage)).toEqual([]);
    expect((await um.getUser())?.access_token).toBe('at-secret');
  });

  it('leaves background renewal to the auth controller (one renewer per page), and signs out back to the app', () => {
    const settings = userManagerSettings(oidc, ORIGIN);
    expect(settings.automaticSilentRenew).toBe(false);
    expect(settings.post_logout_redirect_uri).toBe(`${ORIGIN}/`);
  });

  it('renews silently only with a refresh token: without one it fails at once, no hidden iframe', async () => {
    const um = new UserManager(userManagerSettings(oidc, ORIGIN), catchingNavigator());
    const user = { access_token: 'at', token_type: 'Bearer', profile: { sub: 'agent.one', iss: AUTHORITY, aud: 'x', exp: 0, iat: 0 } };
    await um.storeUser(new User(user));
    const frames = document.getElementsByTagName('iframe').length;

    await expect(um.signinSilent()).rejects.toThrow('No silent_redirect_uri configured');
    expect(document.getElementsByTagName('iframe')).toHaveLength(frames);
  });

  it('renews with the refresh token at the token endpoint, into sessionStorage', async () => {
    const bodies: URLSearchParams[] = [];
    server.use(
      http.post(`${AUTHORITY}/token`, async ({ request }) => {
        bodies.push(new URLSearchParams(await request.text()));
        return HttpResponse.json({ access_token: 'at-2', token_type: 'Bearer', expires_in: 300, refresh_token: 'rt-2' });
      }),
    );
    const um = new UserManager(userManagerSettings(oidc, ORIGIN), catchingNavigator());
    await um.storeUser(new User({ access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer', profile: { sub: 'agent.one', iss: AUTHORITY, aud: 'x', exp: 0, iat: 0 } }));

    const renewed = await um.signinSilent();

    expect(renewed?.access_token).toBe('at-2');
    expect(bodies.map((body) => [body.get('grant_type'), body.get('refresh_token'), body.get('client_id')])).toEqual([['refresh_token', 'rt-1', 'trouble-ticket-desk']]);
    expect(window.sessionStorage.getItem(`oidc.user:${AUTHORITY}:trouble-ticket-desk`)).toContain('at-2');
    expect(storageKeys(window.localStorage)).toEqual([]);
  });

  it('sends no resource parameter when none is configured', async () => {
    const navigator = catchingNavigator();
    const um = new UserManager(userManagerSettings({ ...oidc, resource: undefined }, ORIGIN), navigator);
    await um.signinRedirect({ state: { returnTo: '/' } });
    expect(new URL(navigator.urls[0]!).searchParams.has('resource')).toBe(false);
  });
});
