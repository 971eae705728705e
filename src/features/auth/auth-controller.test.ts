/** The session outside React: start, expiry phases on the clock, renewal, the 401 hook, sign-in and sign-out. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthController, type AuthState } from './auth-controller';
import { agentUser, createFakeUserManager, type FakeUserManager } from './test/fake-user-manager';

const START = new Date('2026-11-22T10:00:00+01:00').getTime();
const WARNING_SECONDS = 120;

function setup(stored = agentUser({ now: START }), language?: string) {
  const um = createFakeUserManager(stored);
  const controller = createAuthController({
    loadUserManager: () => Promise.resolve(um),
    warningSeconds: WARNING_SECONDS,
    language: () => language,
  });
  return { um, controller };
}

const signedIn = (state: AuthState) => {
  if (state.status !== 'signedIn') throw new Error(`expected signedIn, got ${state.status}`);
  return state;
};

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
