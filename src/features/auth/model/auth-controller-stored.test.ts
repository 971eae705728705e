/**
 * A signed-in agent's page load without oidc-client-ts: the stored session read directly signs the agent in from the
 * first render; the library loads only when something needs it. Anything unusual goes through the library as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthController, RENEW_LEAD_SECONDS } from './auth-controller';
import { memoryRenewalMarker } from './renewal-marker';
import { agentUser, createFakeUserManager, signedIn } from '../../../testing/fake-user-manager';

const START = new Date('2026-11-22T10:00:00+01:00').getTime();
const WARNING_SECONDS = 120;

function setup(stored: ReturnType<typeof agentUser> | null = agentUser({ now: START }), marker = memoryRenewalMarker()) {
  const um = createFakeUserManager(stored);
  const loadUserManager = vi.fn(() => Promise.resolve(um));
  // The reader sees what the library stores: the fake's "sessionStorage".
  const controller = createAuthController({ loadUserManager, readStoredUser: () => um.stored, warningSeconds: WARNING_SECONDS, renewalMarker: marker });
  return { um, controller, loadUserManager, marker };
}


beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('a fresh stored session', () => {
  it('is signed in from creation (the first render), without loading the library, also after start', async () => {
    const { controller, loadUserManager } = setup();
    expect(signedIn(controller.getState())).toMatchObject({ user: { userId: 'agent.one', displayName: 'Jana Schmidt', expiresAt: START + 600_000 }, phase: 'active' });
    await controller.start();
    expect(signedIn(controller.getState()).phase).toBe('active');
    expect(await controller.tokenSource.getAccessToken()).toBe('token-1');
    expect(loadUserManager).not.toHaveBeenCalled();
  });

  it('in its warning time starts in the warning phase', () => {
    const { controller } = setup(agentUser({ now: START, expiresInSeconds: WARNING_SECONDS }));
    expect(signedIn(controller.getState()).phase).toBe('warning');
  });

  it('sets no timer before start (a controller React throws away never renews)', async () => {
    const { um, controller } = setup();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(signedIn(controller.getState()).phase).toBe('active');
  });

  it('loads the library for the background renewal, on the clock as before, and then follows its events', async () => {
    const { um, controller, loadUserManager } = setup();
    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    await controller.start();
    const renewAt = (600 - WARNING_SECONDS - RENEW_LEAD_SECONDS) * 1000;
    await vi.advanceTimersByTimeAsync(renewAt - 1);
    expect(loadUserManager).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(await controller.tokenSource.getAccessToken()).toBe('token-2');
    // The library's "user removed" (another part of the page signing out) reaches the controller.
    await um.removeUser();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('a 401 loads the library and renews once', async () => {
    const { um, controller, loadUserManager } = setup();
    await controller.start();
    um.nextRenewal = () => agentUser({ now: Date.now(), token: 'token-2' });
    expect(await controller.onUnauthorized({ retried: false })).toBe(true);
    expect(loadUserManager).toHaveBeenCalledTimes(1);
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('signs out through the library', async () => {
    const { um, controller } = setup();
    await controller.start();
    await controller.signOut();
    expect(um.revokeTokens).toHaveBeenCalled();
    expect(um.signoutRedirect).toHaveBeenCalled();
  });
});

describe('anything else is decided through the library, as before', () => {
  it('no stored session: loading, then signed out', async () => {
    const { controller, loadUserManager } = setup(null);
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(loadUserManager).toHaveBeenCalledTimes(1);
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('an expired one: loading, then renewed quietly', async () => {
    const { um, controller } = setup(agentUser({ now: START - 3_600_000 }));
    um.nextRenewal = () => agentUser({ now: START, token: 'fresh' });
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(um.signinSilent).toHaveBeenCalledTimes(1);
    expect(signedIn(controller.getState()).phase).toBe('active');
  });

  it('a cut renewal noted for it: loading, then the silent sign-in at the provider', async () => {
    const stored = agentUser({ now: START });
    const marker = memoryRenewalMarker();
    marker.set(String(stored.expires_at));
    const { um, controller } = setup(stored, marker);
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(um.signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'none' }));
  });

  it('the sign-in callback: the stored session is not taken up', async () => {
    window.history.replaceState(null, '', '/auth/callback?code=c&state=s');
    const { controller, loadUserManager } = setup();
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(loadUserManager).toHaveBeenCalledTimes(1);
    expect(controller.getState().status).toBe('loading');
  });
});
