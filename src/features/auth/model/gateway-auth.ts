/**
 * Gateway mode's session outside React, with the same face as ./auth-controller so AuthProvider and the session and
 * sign-out dialogs work unchanged: the desk gateway holds the session (its id in an HttpOnly cookie), this only asks it
 * who is signed in and when the session ends. No OpenID library, no token in page script (issue 27).
 */
import type { TokenSource } from '../../../api/token-source';
import { signOutEvent } from '../../../lib/session';
import { createStore } from '../../../lib/external-store';
import type { AuthController, AuthState, AuthUser, SessionPhase } from './auth-controller';
import {
  logOutAtGateway,
  loginHref,
  readGatewaySession,
  refreshGatewaySession,
  type GatewaySession,
  type SessionAnswer,
} from './gateway-session';
import { currentPath, safeReturnPath } from './return-to';

export type GatewayAuthOptions = {
  /** How long before the session ends the warning appears. */
  warningSeconds: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Leaves the app for another address (the gateway's sign-in, the provider's sign-out); tests watch it. */
  navigate?: (url: string) => void;
  /** Where the last agent seen is kept for a reload without network (sessionStorage in the browser). */
  memory?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
};

/**
 * Who was signed in, kept for this tab: a reload while offline still knows the agent (their outbox and drafts are
 * keyed by them) although the gateway cannot be asked. A name and an expiry, never a credential.
 */
const MEMORY_KEY = 'trouble-ticket-desk:gateway-agent';

function browserMemory(): GatewayAuthOptions['memory'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function createGatewayAuth(options: GatewayAuthOptions): AuthController {
  const now = options.now ?? Date.now;
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const memory = options.memory === undefined ? browserMemory() : options.memory;
  const store = createStore<AuthState>(firstState());
  const timers: ReturnType<typeof setTimeout>[] = [];
  let started: Promise<void> | undefined;
  let reading: Promise<SessionAnswer | null> | null = null;
  let stopped = false;

  const set = store.set;

  function update(changes: Partial<Extract<AuthState, { status: 'signedIn' }>>): void {
    const state = store.get();
    if (state.status === 'signedIn') set({ ...state, ...changes });
  }

  function clearTimers(): void {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  }

  function remember(session: GatewaySession | null): void {
    try {
      if (session) memory?.setItem(MEMORY_KEY, JSON.stringify(session));
      else memory?.removeItem(MEMORY_KEY);
    } catch {
      // Storage full or refused: only an offline reload loses the agent's name.
    }
  }

  function remembered(): GatewaySession | null {
    try {
      const value = JSON.parse(memory?.getItem(MEMORY_KEY) ?? 'null') as Partial<GatewaySession> | null;
      if (typeof value?.subject !== 'string' || typeof value.name !== 'string' || typeof value.expiresAt !== 'number') return null;
      return { subject: value.subject, name: value.name, canWrite: value.canWrite === true, expiresAt: value.expiresAt };
    } catch {
      return null;
    }
  }

  function phaseAt(expiresAt: number, at: number): SessionPhase {
    return at >= expiresAt ? 'ended' : at >= expiresAt - options.warningSeconds * 1000 ? 'warning' : 'active';
  }

  /**
   * The agent this tab last saw, while it has time left, is shown from the first render, as direct mode shows its
   * stored user: the screen does not jump when the gateway's answer arrives (Lighthouse: CLS 0.135 → as direct mode's).
   * The gateway's answer then confirms or ends it (begin()), before any screen's request has gone out.
   */
  function firstState(): AuthState {
    const shown = remembered();
    if (!shown || phaseAt(shown.expiresAt, now()) === 'ended') return { status: 'loading' };
    const user: AuthUser = { userId: shown.subject, displayName: shown.name, expiresAt: shown.expiresAt, canWrite: shown.canWrite };
    return { status: 'signedIn', user, phase: 'active', renewing: false, renewFailed: false, dismissed: false };
  }

  /** The session as the gateway last said it; the phase stays until evaluate() sees a change on the clock. */
  function apply(session: GatewaySession): void {
    const next: AuthUser = { userId: session.subject, displayName: session.name, expiresAt: session.expiresAt, canWrite: session.canWrite };
    remember(session);
    const state = store.get();
    if (state.status !== 'signedIn') {
      set({ status: 'signedIn', user: next, phase: 'active', renewing: false, renewFailed: false, dismissed: false });
      return;
    }
    const previous = state.user;
    // Keep the object when nothing has changed, so a re-read does not re-render every consumer.
    const same = (Object.keys(next) as (keyof AuthUser)[]).every((key) => previous[key] === next[key]);
    if (!same) update({ user: next });
  }

  /**
   * The phase the clock says, and a timer for the next change. Before the warning and before the end the gateway is
   * asked again: every API call slides the session's idle end, so the expiry known here may have moved on.
   */
  function evaluate(): void {
    clearTimers();
    const state = store.get();
    if (state.status !== 'signedIn' || state.phase === 'ended' || state.user.expiresAt === undefined) return;
    const { expiresAt } = state.user;
    const at = now();
    const phase = phaseAt(expiresAt, at);
    if (phase === 'ended') return end();
    if (phase !== state.phase) update({ phase, dismissed: false, renewFailed: false });
    const next = phase === 'active' ? expiresAt - options.warningSeconds * 1000 : expiresAt;
    timers.push(setTimeout(() => void check(), next - at));
  }

  function end(): void {
    clearTimers();
    const state = store.get();
    if (state.status === 'signedIn' && state.phase !== 'ended') update({ phase: 'ended', dismissed: false, renewFailed: false });
  }

  /** One read of the session at a time: the clock, a 401 and the event stream share it; null = not reachable. */
  function read(): Promise<SessionAnswer | null> {
    reading ??= readGatewaySession(fetcher)
      .catch(() => null)
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  /** Asks the gateway, then lets the clock decide with what it said; no answer: the expiry known so far stands. */
  async function check(): Promise<SessionAnswer | null> {
    const answer = await read();
    if (stopped || store.get().status !== 'signedIn') return answer;
    if (answer?.status === 'none') end();
    else {
      if (answer) apply(answer.session);
      evaluate();
    }
    return answer;
  }

  const onVisible = () => {
    // Timers sleep with the laptop: ask again when the agent comes back.
    const state = store.get();
    if (document.visibilityState === 'visible' && state.status === 'signedIn' && state.phase !== 'ended') void check();
  };

  async function begin(): Promise<void> {
    document.addEventListener('visibilitychange', onVisible);
    const answer = await read();
    if (stopped) return;
    if (answer?.status === 'live') apply(answer.session);
    else if (answer?.status === 'none') {
      remember(null);
      return set({ status: 'signedOut' });
    } else {
      // No answer (offline, the gateway down): the agent this tab knew stays, the session shows as it stood.
      const known = remembered();
      if (!known) return set({ status: 'signedOut' });
      apply(known);
    }
    evaluate();
  }

  const tokenSource: TokenSource = {
    // No token: the session cookie goes with every same-origin request by itself.
    getAccessToken: () => Promise.resolve(null),
    async sessionEnded() {
      return (await check())?.status === 'none';
    },
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,

    start(): Promise<void> {
      started ??= begin().catch(() => set({ status: 'signedOut' }));
      return started;
    },

    /** To the gateway's sign-in and back to `returnTo`; drafts were saved as typed, the outbox is kept in the browser. */
    signIn(returnTo: string = currentPath()): Promise<void> {
      navigate(loginHref(safeReturnPath(returnTo)));
      return Promise.resolve();
    },

    /** The gateway finishes sign-in itself (`/gateway/callback`); the app's callback route is not used in this mode. */
    completeSignIn(): Promise<string> {
      return Promise.resolve('/');
    },

    async staySignedIn(): Promise<boolean> {
      update({ renewing: true });
      const answer = await refreshGatewaySession(fetcher).catch(() => null);
      if (answer?.status === 'live') {
        apply(answer.session);
        update({ renewing: false, renewFailed: false, phase: 'active', dismissed: false });
        evaluate();
        return true;
      }
      update({ renewing: false, renewFailed: true });
      return false;
    },

    dismissDialog(): void {
      update({ dismissed: true });
    },

    /** Deletes what this browser keeps of the agent, ends the session at the gateway, then the provider's sign-out. */
    async signOut(): Promise<void> {
      clearTimers();
      const deleting: Promise<unknown>[] = [];
      window.dispatchEvent(new CustomEvent(signOutEvent, { detail: deleting }));
      await Promise.all(deleting).catch(() => undefined);
      let to: string;
      try {
        to = await logOutAtGateway(fetcher);
      } catch (error) {
        // The session still lives at the gateway: the agent is told and may try again.
        evaluate();
        throw error;
      }
      remember(null);
      navigate(to);
    },

    tokenSource,

    /**
     * A 401 from the API means the gateway found no session: asked once more, a live one (a race with "stay signed in")
     * lets the request be sent again once; none ends the session here and the dialog offers sign-in back to this page.
     */
    async onUnauthorized({ retried }: { retried: boolean }): Promise<boolean> {
      const answer = await check();
      return answer?.status === 'live' && !retried;
    },

    stop(): void {
      stopped = true;
      clearTimers();
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
