/** The session outside React: start, expiry phases on the clock, renewal, the 401 hook, sign-in and sign-out. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthController, RENEW_LEAD_SECONDS } from './auth-controller';
import { memoryRenewalMarker } from './renewal-marker';
import { agentUser, createFakeUserManager, signedIn, type FakeUserManager } from '../../../testing/fake-user-manager';

const START = new Date('2026-11-22T10:00:00+01:00').getTime();
const WARNING_SECONDS = 120;

function setup(stored = agentUser({ now: START }), language?: string, marker = memoryRenewalMarker()) {
  const um = createFakeUserManager(stored);
  const controller = createAuthController({
    loadUserManager: () => Promise.resolve(um),
    warningSeconds: WARNING_SECONDS,
    language: () => language,
    renewalMarker: marker,
  });
  return { um, controller, marker };
}

/** The stored user's expires_at (seconds), as the renewal marker notes it. */
const expiresAtOf = (user: ReturnType<typeof agentUser>) => String(user.expires_at);


beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it('with no stored user is signed out', async () => {
    const { controller } = setup(null as never);
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('with a stored user is signed in as the token subject, named by name, else username, else sub', async () => {
    for (const [profile, shown] of [
      [{ sub: 'u-1', name: 'Jana Schmidt', preferred_username: 'jana' }, 'Jana Schmidt'],
      [{ sub: 'u-1', preferred_username: 'jana' }, 'jana'],
      [{ sub: 'u-1' }, 'u-1'],
    ] as const) {
      const { controller } = setup({ ...agentUser({ now: START }), profile });
      await controller.start();
      expect(signedIn(controller.getState()).user).toEqual({ userId: 'u-1', displayName: shown, expiresAt: START + 600_000 });
    }
  });

  it('is safe to call twice (strict mode) and reads the store once', async () => {
    const { um, controller } = setup();
    await Promise.all([controller.start(), controller.start()]);
    expect(um.getUser).toHaveBeenCalledTimes(1);
  });

  it('with an expired stored user renews quietly', async () => {
    const { um, controller } = setup(agentUser({ now: START - 3_600_000 }));
    um.nextRenewal = () => agentUser({ now: START, token: 'fresh' });
    await controller.start();
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(signedIn(controller.getState()).phase).toBe('active');
    expect(await controller.tokenSource.getAccessToken()).toBe('fresh');
  });

  it('with an expired stored user that cannot be renewed forgets it and is signed out', async () => {
    const { um, controller } = setup(agentUser({ now: START - 3_600_000 }));
    await controller.start();
    expect(um.removeUser).toHaveBeenCalled();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });
});

describe('expiry on the clock', () => {
  it('warns the configured time before the end, and ends at the end', async () => {
    const { controller } = setup();
    await controller.start();
    vi.advanceTimersByTime((600 - WARNING_SECONDS) * 1000 - 1);
    expect(signedIn(controller.getState()).phase).toBe('active');
    vi.advanceTimersByTime(1);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    vi.advanceTimersByTime(WARNING_SECONDS * 1000 - 1);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    vi.advanceTimersByTime(1);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });

  it('"Stay signed in" renews: active again, with the new end and a new warning time', async () => {
    const { um, controller } = setup();
    await controller.start();
    vi.advanceTimersByTime(500_000);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });

    expect(await controller.staySignedIn()).toBe(true);

    const state = signedIn(controller.getState());
    expect(state).toMatchObject({ phase: 'active', renewing: false, renewFailed: false });
    expect(state.user.expiresAt).toBe(START + 500_000 + 600_000);
    vi.advanceTimersByTime(480_000);
    expect(signedIn(controller.getState()).phase).toBe('warning');
  });

  it('"Stay signed in" that fails says so and keeps the warning', async () => {
    const { controller } = setup();
    await controller.start();
    vi.advanceTimersByTime(500_000);
    expect(await controller.staySignedIn()).toBe(false);
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'warning', renewFailed: true });
  });

  it('a closed dialog stays closed in its phase and comes back with the next', async () => {
    const { controller } = setup();
    await controller.start();
    vi.advanceTimersByTime(500_000);
    controller.dismissDialog();
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'warning', dismissed: true });
    vi.advanceTimersByTime(100_000);
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'ended', dismissed: false });
  });
});

describe('background renewal (the controller is the page’s only renewer)', () => {
  // A 600 s token, the warning 120 s before its end: renewal a minute before the warning, at 420 s.
  const RENEW_AT_MS = (600 - WARNING_SECONDS - RENEW_LEAD_SECONDS) * 1000;

  it('renews a minute before the warning, not a millisecond earlier, and then on the new token’s clock', async () => {
    const { um, controller } = setup();
    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    await controller.start();
    await vi.advanceTimersByTimeAsync(RENEW_AT_MS - 1);
    expect(um.signinSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(await controller.tokenSource.getAccessToken()).toBe('token-2');
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'active', renewing: false });
    await vi.advanceTimersByTimeAsync(RENEW_AT_MS - 1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('a failed background renewal shows nothing and is not repeated; the warning comes at its time', async () => {
    const { um, controller } = setup();
    await controller.start();
    await vi.advanceTimersByTimeAsync(RENEW_AT_MS);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'active', renewFailed: false });
    await vi.advanceTimersByTimeAsync(RENEW_LEAD_SECONDS * 1000);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews at once when the page starts after the renewal time (a token close to its end)', async () => {
    const { um, controller } = setup(agentUser({ now: START, expiresInSeconds: WARNING_SECONDS + 30 }));
    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(await controller.tokenSource.getAccessToken()).toBe('token-2');
  });

  it('a 401 during the background renewal shares it: one refresh token is never sent twice', async () => {
    const { um, controller } = setup();
    let finish: (user: ReturnType<typeof agentUser>) => void = () => undefined;
    um.signinSilent.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = (user) => {
            um.stored = user;
            resolve(user);
          };
        }),
    );
    await controller.start();
    await vi.advanceTimersByTimeAsync(RENEW_AT_MS);
    const retry = controller.onUnauthorized({ retried: false });
    finish(agentUser({ now: Date.now(), token: 'token-2' }));
    expect(await retry).toBe(true);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });
});

describe('a renewal cut off by a reload', () => {
  it('is noted while it runs (the expiry of the user being renewed); gone after a success or an answer of the provider', async () => {
    const stored = agentUser({ now: START });
    const { um, controller, marker } = setup(stored);
    await controller.start();
    const seen: (string | null)[] = [];
    um.signinSilent.mockImplementationOnce(async () => {
      seen.push(marker.read());
      throw Object.assign(new Error('grant request is invalid'), { error: 'invalid_grant' });
    });
    expect(await controller.onUnauthorized({ retried: false })).toBe(false);
    expect(seen).toEqual([expiresAtOf(stored)]);
    expect(marker.read()).toBeNull();

    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    expect(await controller.staySignedIn()).toBe(true);
    expect(marker.read()).toBeNull();
  });

  it('stays noted when the renewal got no answer (no network, or the page going away cut it): the token may be spent', async () => {
    const stored = agentUser({ now: START });
    const { um, controller, marker } = setup(stored);
    await controller.start();
    um.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await controller.onUnauthorized({ retried: false })).toBe(false);
    expect(marker.read()).toBe(expiresAtOf(stored));
  });

  it('found at start for the stored user: no refresh (it was spent), a silent sign-in at the provider back to this address', async () => {
    window.history.replaceState(null, '', '/tickets?status=held');
    const stored = agentUser({ now: START });
    const marker = memoryRenewalMarker();
    marker.set(expiresAtOf(stored));
    const { um, controller } = setup(stored, 'de', marker);
    await controller.start();
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/tickets?status=held', silent: true }, prompt: 'none', ui_locales: 'de' });
    expect(controller.getState().status).toBe('loading');
    expect(marker.read()).toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('is not noted when there is no refresh token to spend (the renewal fails before sending anything)', async () => {
    const { refresh_token: _none, ...withoutRefresh } = agentUser({ now: START });
    const { um, controller, marker } = setup(withoutRefresh);
    await controller.start();
    um.signinSilent.mockRejectedValueOnce(new Error('No silent_redirect_uri configured'));
    expect(await controller.onUnauthorized({ retried: false })).toBe(false);
    expect(marker.read()).toBeNull();
  });

  it('on the sign-in callback the stored user is not taken up (nor renewed): the callback’s sign-in replaces it', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=c&state=s');
    const stored = agentUser({ now: START, expiresInSeconds: WARNING_SECONDS + 30 });
    const marker = memoryRenewalMarker();
    marker.set(expiresAtOf(stored));
    const { um, controller } = setup(stored, undefined, marker);
    // The callback page takes code and state out of the address before the controller has read the store.
    window.history.replaceState(null, '', '/auth/callback');
    await controller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(um.signinRedirect).not.toHaveBeenCalled();
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(controller.getState().status).toBe('loading');
    expect(marker.read()).toBeNull();
    const fresh = agentUser({ now: START, token: 'new', expiresInSeconds: 600, state: { returnTo: '/tickets' } });
    um.signinRedirectCallback.mockResolvedValue(fresh);
    expect(await controller.completeSignIn(window.location.href)).toBe('/tickets');
    expect(signedIn(controller.getState()).user.expiresAt).toBe(Number(fresh.expires_at) * 1000);
    window.history.replaceState(null, '', '/');
  });

  it('a callback that fails leaves the app signed out (the callback page says what failed)', async () => {
    window.history.replaceState(null, '', '/auth/callback?error=access_denied&state=s');
    const { um, controller } = setup(agentUser({ now: START }));
    await controller.start();
    const refusal = Object.assign(new Error('denied'), { error: 'access_denied', state: { returnTo: '/' } });
    um.signinRedirectCallback.mockRejectedValue(refusal);
    await expect(controller.completeSignIn(window.location.href)).rejects.toBe(refusal);
    expect(controller.getState()).toEqual({ status: 'signedOut' });
    window.history.replaceState(null, '', '/');
  });

  it('found at start for another user than the stored one: that renewal finished after all, nothing to mend', async () => {
    const marker = memoryRenewalMarker();
    marker.set('1700000000');
    const { um, controller } = setup(agentUser({ now: START }), undefined, marker);
    await controller.start();
    expect(um.signinRedirect).not.toHaveBeenCalled();
    expect(signedIn(controller.getState()).phase).toBe('active');
    expect(marker.read()).toBeNull();
  });

  it('a silent sign-in the provider refuses (its session is over) ends signed out at the address the agent was on', async () => {
    const { um, controller } = setup(agentUser({ now: START }));
    um.signinRedirectCallback.mockRejectedValue(
      Object.assign(new Error('End-User authentication is required'), { error: 'login_required', state: { returnTo: '/tickets?status=held', silent: true } }),
    );
    expect(await controller.completeSignIn('https://desk.example.com/auth/callback?error=login_required&state=s')).toBe('/tickets?status=held');
    expect(um.removeUser).toHaveBeenCalled();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('the same refusal of an interactive sign-in is a failure the callback page shows', async () => {
    const { um, controller } = setup(null as never);
    const refusal = Object.assign(new Error('End-User authentication is required'), { error: 'login_required', state: { returnTo: '/' } });
    um.signinRedirectCallback.mockRejectedValue(refusal);
    await expect(controller.completeSignIn('https://desk.example.com/auth/callback?error=login_required&state=t')).rejects.toBe(refusal);
  });
});

describe('the 401 hook', () => {
  async function started(um?: (fake: FakeUserManager) => void) {
    const context = setup();
    um?.(context.um);
    await context.controller.start();
    return context;
  }

  it('renews once and asks for the retry', async () => {
    const { um, controller } = await started((fake) => {
      fake.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    });
    expect(await controller.onUnauthorized({ retried: false })).toBe(true);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(await controller.tokenSource.getAccessToken()).toBe('token-2');
    expect(signedIn(controller.getState()).phase).toBe('active');
  });

  it('shares one renewal between requests refused at the same time', async () => {
    const { um, controller } = await started((fake) => {
      fake.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    });
    const answers = await Promise.all([1, 2, 3].map(() => controller.onUnauthorized({ retried: false })));
    expect(answers).toEqual([true, true, true]);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('right after a renewal retries without renewing again (the 401 was for the old token)', async () => {
    const { um, controller } = await started((fake) => {
      fake.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    });
    await controller.onUnauthorized({ retried: false });
    vi.advanceTimersByTime(1_000);
    expect(await controller.onUnauthorized({ retried: false })).toBe(true);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    await controller.onUnauthorized({ retried: false });
    expect(um.signinSilent).toHaveBeenCalledTimes(2);
  });

  it('ends the session when the renewal fails, and does not ask for a retry', async () => {
    const { controller } = await started();
    expect(await controller.onUnauthorized({ retried: false })).toBe(false);
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'ended', dismissed: false });
  });

  it('ends the session when the retry is refused too, without renewing again', async () => {
    const { um, controller } = await started((fake) => {
      fake.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    });
    await controller.onUnauthorized({ retried: false });
    expect(await controller.onUnauthorized({ retried: true })).toBe(false);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the return path in the state and the agent’s language for the provider', async () => {
    const { um, controller } = setup(null as never, 'de');
    await controller.signIn('/tickets/new?step=check');
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/tickets/new?step=check' }, ui_locales: 'de' });
  });

  it('never puts a foreign address into the state', async () => {
    const { um, controller } = setup(null as never);
    await controller.signIn('https://evil.example/');
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' }, ui_locales: undefined });
  });

  it('completes the callback once per URL, signed in, with the stored path', async () => {
    const { um, controller } = setup(null as never);
    um.signinRedirectCallback.mockResolvedValue(agentUser({ now: START, state: { returnTo: '/tickets/TT-000007' } }));
    const url = 'https://desk.example.com/auth/callback?code=c&state=s';
    const [first, second] = await Promise.all([controller.completeSignIn(url), controller.completeSignIn(url)]);
    expect([first, second]).toEqual(['/tickets/TT-000007', '/tickets/TT-000007']);
    expect(um.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(um.signinRedirectCallback).toHaveBeenCalledWith(url);
    expect(signedIn(controller.getState()).user.userId).toBe('agent.one');
  });

  it('signs out: revokes the refresh token, then ends the provider session', async () => {
    const { um, controller } = setup();
    await controller.start();
    await controller.signOut();
    expect(um.revokeTokens).toHaveBeenCalledBefore(um.signoutRedirect);
    expect(um.signoutRedirect).toHaveBeenCalledTimes(1);
    expect(await controller.tokenSource.getAccessToken()).toBeNull();
  });

  it('signs out locally when the provider has no end-session endpoint', async () => {
    const { um, controller } = setup();
    await controller.start();
    um.revokeTokens.mockRejectedValue(new Error('no revocation endpoint'));
    um.signoutRedirect.mockRejectedValue(new Error('no end session endpoint'));
    await controller.signOut();
    expect(um.removeUser).toHaveBeenCalled();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });
});
