/** Gateway mode's session: who is signed in, the warning on the gateway's clock, stay signed in, 401s, sign-out. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutEvent } from '../../../lib/session';
import type { AuthState } from './auth-controller';
import { createGatewayAuth } from './gateway-auth';

const START = new Date('2026-11-26T10:00:00Z').getTime();
const WARNING_SECONDS = 120;
const MINUTE = 60_000;

type Body = { subject: string; name: string; roles: string[]; canWrite: boolean; expiresAt: string };

/** The gateway's session paths over one session record; `reachable` false: every request fails as offline. */
function fakeGateway() {
  const gateway = {
    session: null as Body | null,
    reachable: true,
    refreshAnswers: 'live' as 'live' | 'none',
    logoutTo: 'https://login.example.com/logout?id_token_hint=x',
    calls: [] as string[],
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const ended = () => json(401, { code: 'sessionEnded', reason: 'No session' });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    gateway.calls.push(call);
    if (!gateway.reachable) throw new TypeError('Failed to fetch');
    if (call === 'GET /gateway/session') return gateway.session ? json(200, gateway.session) : ended();
    if (call === 'POST /gateway/session/refresh') {
      if (!gateway.session || gateway.refreshAnswers === 'none') return ended();
      gateway.session = { ...gateway.session, expiresAt: new Date(Date.now() + 30 * MINUTE).toISOString() };
      return json(200, gateway.session);
    }
    if (call === 'POST /gateway/logout') {
      if (!gateway.session) return ended();
      gateway.session = null;
      return json(200, { redirectTo: gateway.logoutTo });
    }
    return json(404, {});
  });
  return Object.assign(gateway, { fetch });
}

const agent = (endsInMinutes = 30, canWrite = true): Body => ({
  subject: 'agent-1',
  name: 'Jana Schmidt',
  roles: [canWrite ? 'agent' : 'viewer'],
  canWrite,
  expiresAt: new Date(START + endsInMinutes * MINUTE).toISOString(),
});

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

function setup(session: Body | null = agent(), memory = memoryStore()) {
  const gateway = fakeGateway();
  gateway.session = session;
  const navigate = vi.fn();
  const controller = createGatewayAuth({ warningSeconds: WARNING_SECONDS, fetch: gateway.fetch as typeof fetch, navigate, memory });
  return { gateway, navigate, controller, memory };
}

const signedIn = (state: AuthState) => {
  if (state.status !== 'signedIn') throw new Error(`not signed in: ${state.status}`);
  return state;
};

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('start', () => {
  it.each([
    ['an agent', true],
    ['a viewer', false],
  ])('with a live session is signed in as %s, named and with the session end the gateway gave', async (_who, canWrite) => {
    const { controller } = setup(agent(30, canWrite));
    expect(controller.getState().status).toBe('loading');
    await controller.start();
    expect(signedIn(controller.getState()).user).toEqual({ userId: 'agent-1', displayName: 'Jana Schmidt', expiresAt: START + 30 * MINUTE, canWrite });
    expect(signedIn(controller.getState()).phase).toBe('active');
  });

  it('without a session is signed out', async () => {
    const { controller } = setup(null);
    await controller.start();
    expect(controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('offline after a reload knows the agent this tab had, and without one is signed out', async () => {
    const memory = memoryStore();
    const first = setup(agent(), memory);
    await first.controller.start();
    const again = setup(agent(), memory);
    again.gateway.reachable = false;
    await again.controller.start();
    expect(signedIn(again.controller.getState()).user.userId).toBe('agent-1');

    const stranger = setup(agent());
    stranger.gateway.reachable = false;
    await stranger.controller.start();
    expect(stranger.controller.getState()).toEqual({ status: 'signedOut' });
  });

  it('a reload shows the agent this tab saw from the first render (no jump when the gateway answers), and a session gone meanwhile signs out', async () => {
    const memory = memoryStore();
    await setup(agent(), memory).controller.start();

    const reload = setup(agent(), memory);
    expect(signedIn(reload.controller.getState()).user.displayName).toBe('Jana Schmidt');
    await reload.controller.start();
    expect(signedIn(reload.controller.getState()).user.userId).toBe('agent-1');

    const signedOutMeanwhile = setup(null, memory);
    expect(signedIn(signedOutMeanwhile.controller.getState()).user.userId).toBe('agent-1');
    await signedOutMeanwhile.controller.start();
    expect(signedOutMeanwhile.controller.getState()).toEqual({ status: 'signedOut' });
    // Forgotten with the session: the next load waits for the gateway again.
    expect(setup(agent(), memory).controller.getState().status).toBe('loading');
  });

  it('a session this tab saw that has ended by the clock is not shown before the gateway answers', async () => {
    const memory = memoryStore();
    await setup(agent(1), memory).controller.start();
    vi.setSystemTime(START + 2 * MINUTE);
    expect(setup(agent(), memory).controller.getState().status).toBe('loading');
  });

  it('gives no token: the cookie goes by itself', async () => {
    const { controller } = setup();
    await controller.start();
    expect(await controller.tokenSource.getAccessToken()).toBeNull();
  });
});

describe('the warning follows the gateway session', () => {
  it('asks the gateway again before warning, and warns only when the end has not moved', async () => {
    const { controller, gateway } = setup(agent(10));
    await controller.start();
    // An API call slid the idle end by 20 minutes meanwhile.
    gateway.session = agent(30);
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(signedIn(controller.getState()).phase).toBe('active');
    expect(signedIn(controller.getState()).user.expiresAt).toBe(START + 30 * MINUTE);

    await vi.advanceTimersByTimeAsync(20 * MINUTE - 1);
    expect(signedIn(controller.getState()).phase).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });

  it('ends at once when the gateway says the session is gone', async () => {
    const { controller, gateway } = setup(agent(10));
    await controller.start();
    gateway.session = null;
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });

  it('warns on the known end when the gateway cannot be reached', async () => {
    const { controller, gateway } = setup(agent(10));
    await controller.start();
    gateway.reachable = false;
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(signedIn(controller.getState()).phase).toBe('warning');
  });

  it('"Stay signed in" refreshes the session and the warning goes', async () => {
    const { controller, gateway } = setup(agent(10));
    await controller.start();
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(signedIn(controller.getState()).phase).toBe('warning');
    expect(await controller.staySignedIn()).toBe(true);
    expect(gateway.calls).toContain('POST /gateway/session/refresh');
    expect(signedIn(controller.getState())).toMatchObject({ phase: 'active', renewing: false, renewFailed: false });
    expect(signedIn(controller.getState()).user.expiresAt).toBe(START + 38 * MINUTE);
  });

  it('"Stay signed in" refused: the dialog offers sign-in', async () => {
    const { controller, gateway } = setup(agent(10));
    await controller.start();
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    gateway.refreshAnswers = 'none';
    expect(await controller.staySignedIn()).toBe(false);
    expect(signedIn(controller.getState())).toMatchObject({ renewing: false, renewFailed: true });
  });
});

describe('401 and sign-in', () => {
  it('a 401 with the session gone ends the session and is not retried', async () => {
    const { controller, gateway } = setup();
    await controller.start();
    gateway.session = null;
    expect(await controller.onUnauthorized({ retried: false })).toBe(false);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });

  it('a 401 while the session lives is retried once, not twice', async () => {
    const { controller } = setup();
    await controller.start();
    expect(await controller.onUnauthorized({ retried: false })).toBe(true);
    expect(await controller.onUnauthorized({ retried: true })).toBe(false);
    expect(signedIn(controller.getState()).phase).toBe('active');
  });

  it('the event stream refused: ended only when the gateway says so', async () => {
    const { controller, gateway } = setup();
    await controller.start();
    expect(await controller.tokenSource.sessionEnded?.()).toBe(false);
    gateway.session = null;
    expect(await controller.tokenSource.sessionEnded?.()).toBe(true);
    expect(signedIn(controller.getState()).phase).toBe('ended');
  });

  it.each([
    ['/tickets/new?step=check', '/gateway/login?returnTo=%2Ftickets%2Fnew%3Fstep%3Dcheck'],
    ['//evil.example/x', '/gateway/login?returnTo=%2F'],
    ['https://evil.example/', '/gateway/login?returnTo=%2F'],
  ])('sign-in from %s goes to %s', async (returnTo, href) => {
    const { controller, navigate } = setup(null);
    await controller.start();
    await controller.signIn(returnTo);
    expect(navigate).toHaveBeenCalledWith(href);
  });
});

describe('sign-out', () => {
  it('deletes local data first, ends the session at the gateway, then goes to the provider', async () => {
    const { controller, gateway, navigate, memory } = setup();
    await controller.start();
    const onSignOut = (event: Event) =>
      (event as CustomEvent<Promise<unknown>[]>).detail.push(Promise.resolve().then(() => gateway.calls.push('local data deleted')));
    window.addEventListener(signOutEvent, onSignOut);
    await controller.signOut();
    window.removeEventListener(signOutEvent, onSignOut);
    expect(gateway.calls.slice(-2)).toEqual(['local data deleted', 'POST /gateway/logout']);
    expect(navigate).toHaveBeenCalledWith('https://login.example.com/logout?id_token_hint=x');
    expect(memory.getItem('trouble-ticket-desk:gateway-agent')).toBeNull();
  });

  it('when the gateway cannot be reached, fails so the agent can try again', async () => {
    const { controller, gateway, navigate } = setup();
    await controller.start();
    gateway.reachable = false;
    await expect(controller.signOut()).rejects.toThrow();
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['javascript:alert(1)', '/'],
    ['//evil.example/', '/'],
    ['/', '/'],
    ['https://login.example.com/end', 'https://login.example.com/end'],
  ])('follows only a web address or a path of its own: %s → %s', async (redirectTo, to) => {
    const { controller, gateway, navigate } = setup();
    gateway.logoutTo = redirectTo;
    await controller.start();
    await controller.signOut();
    expect(navigate).toHaveBeenCalledWith(to);
  });
});
