/**
 * The signed-in session outside React: who is signed in, when the session ends (warning, then ended), silent renewal,
 * sign-in and sign-out, the bearer token for the API client and its 401 hook. React reads it through auth-context.
 */
import type { TokenSource } from '../../api/token-source';
import { currentPath, returnPathOf, safeReturnPath, type SignInState } from './return-to';

/** What the controller needs of oidc-client-ts's UserManager (a fake in tests: the module boundary). */
export type OidcUser = {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
  refresh_token?: string;
  profile: { sub: string; name?: string; preferred_username?: string };
  state?: unknown;
};

export interface UserManagerPort {
  getUser(): Promise<OidcUser | null>;
  signinRedirect(args: { state: SignInState; ui_locales?: string }): Promise<void>;
  signinRedirectCallback(url: string): Promise<OidcUser>;
  signinSilent(): Promise<OidcUser | null>;
  signoutRedirect(): Promise<void>;
  removeUser(): Promise<void>;
  revokeTokens(): Promise<void>;
  events: {
    addUserLoaded(callback: (user: OidcUser) => void): () => void;
    addUserUnloaded(callback: () => void): () => void;
  };
}

export type AuthUser = {
  /** The ID token's `sub`. */
  userId: string;
  displayName: string;
  /** When the access token expires (ms since the epoch); undefined when the provider did not say. */
  expiresAt: number | undefined;
};

/** active: nothing to say; warning: the session ends soon; ended: it has ended (a 401 that renewal could not mend). */
export type SessionPhase = 'active' | 'warning' | 'ended';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | {
      status: 'signedIn';
      user: AuthUser;
      phase: SessionPhase;
      /** A renewal is running (the dialog shows progress). */
      renewing: boolean;
      /** "Stay signed in" was tried and the provider refused or did not answer. */
      renewFailed: boolean;
      /** The agent closed the dialog of the current phase; it comes back with the next phase. */
      dismissed: boolean;
    };

export type AuthControllerOptions = {
  loadUserManager: () => Promise<UserManagerPort>;
  /** How long before the session ends the warning appears. */
  warningSeconds: number;
  now?: () => number;
  /** The language for the provider's pages (`ui_locales`). */
  language?: () => string | undefined;
};

/** A 401 soon after a successful renewal was most likely sent with the old token: retry without renewing again. */
const FRESH_RENEWAL_MS = 5_000;

export function createAuthController(options: AuthControllerOptions) {
  const now = options.now ?? Date.now;
  let state: AuthState = { status: 'loading' };
  const listeners = new Set<() => void>();
  let manager: Promise<UserManagerPort> | undefined;
  let started: Promise<void> | undefined;
  let renewal: Promise<boolean> | null = null;
  let lastRenewalAt = Number.NEGATIVE_INFINITY;
  let signingOut = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const callbacks = new Map<string, Promise<string>>();
  const unsubscribe: (() => void)[] = [];

  function userManager(): Promise<UserManagerPort> {
    manager ??= options.loadUserManager();
    return manager;
  }

  function set(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function update(changes: Partial<Extract<AuthState, { status: 'signedIn' }>>): void {
    if (state.status === 'signedIn') set({ ...state, ...changes });
  }

  function clearTimers(): void {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  }

  /** The phase the clock says, and a timer for the next change of phase. */
  function evaluate(): void {
    clearTimers();
    if (state.status !== 'signedIn' || state.user.expiresAt === undefined || state.phase === 'ended') return;
    const { expiresAt } = state.user;
    const warnAt = expiresAt - options.warningSeconds * 1000;
    const at = now();
    const phase: SessionPhase = at >= expiresAt ? 'ended' : at >= warnAt ? 'warning' : 'active';
    if (phase !== state.phase) update({ phase, dismissed: false, renewFailed: false });
    if (phase === 'active') timers.push(setTimeout(evaluate, warnAt - at));
    if (phase === 'warning') timers.push(setTimeout(evaluate, expiresAt - at));
  }

  function toAuthUser(user: OidcUser): AuthUser {
    const { sub, name, preferred_username: username } = user.profile;
    return { userId: sub, displayName: name || username || sub, expiresAt: user.expires_at === undefined ? undefined : user.expires_at * 1000 };
  }

  function signedIn(user: OidcUser): void {
    const next = toAuthUser(user);
    const previous = state.status === 'signedIn' ? state.user : undefined;
    // Keep the object when nothing a screen shows has changed, so a renewal does not re-render every consumer.
    const same = previous && previous.userId === next.userId && previous.displayName === next.displayName && previous.expiresAt === next.expiresAt;
    set({ status: 'signedIn', user: same ? previous : next, phase: 'active', renewing: false, renewFailed: false, dismissed: false });
    evaluate();
  }

  function signedOut(): void {
    clearTimers();
    set({ status: 'signedOut' });
  }

  /** One renewal at a time: parallel 401s share it. */
  function renew(): Promise<boolean> {
    renewal ??= (async () => {
      update({ renewing: true });
      try {
        const user = await (await userManager()).signinSilent();
        if (!user) return false;
        lastRenewalAt = now();
        signedIn(user);
        return true;
      } catch {
        return false;
      } finally {
        renewal = null;
        update({ renewing: false });
      }
    })();
    return renewal;
  }

  function end(): void {
    clearTimers();
    if (state.status === 'signedIn' && state.phase !== 'ended') update({ phase: 'ended', dismissed: false, renewFailed: false });
  }

  const onVisible = () => {
    // Timers sleep with the laptop: look at the clock again when the agent comes back.
    if (document.visibilityState === 'visible') evaluate();
  };

  async function begin(): Promise<void> {
    const um = await userManager();
    unsubscribe.push(
      um.events.addUserLoaded((user) => signedIn(user)),
      um.events.addUserUnloaded(() => {
        if (!signingOut) signedOut();
      }),
    );
    document.addEventListener('visibilitychange', onVisible);
    unsubscribe.push(() => document.removeEventListener('visibilitychange', onVisible));
    const user = await um.getUser();
    // A sign-in callback may have finished meanwhile; it knows better than the store read before it.
    if (state.status !== 'loading') return;
    if (!user) return signedOut();
    if (user.expires_at !== undefined && user.expires_at * 1000 <= now()) {
      // Back after the token expired (a reopened tab, a night's sleep): renew quietly, else ask to sign in.
      if (await renew()) return;
      await um.removeUser();
      return signedOut();
    }
    signedIn(user);
  }

  const tokenSource: TokenSource = {
    async getAccessToken() {
      const user = await (await userManager()).getUser();
      return user?.access_token ?? null;
    },
  };

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Reads the stored user; safe to call more than once (React's strict mode does). */
    start(): Promise<void> {
      started ??= begin().catch(() => signedOut());
      return started;
    },

    /** Interactive sign-in; the provider sends the agent back to `returnTo` (same-origin paths only). */
    async signIn(returnTo: string = currentPath()): Promise<void> {
      const um = await userManager();
      await um.signinRedirect({ state: { returnTo: safeReturnPath(returnTo) }, ui_locales: options.language?.() });
    },

    /** Finishes the sign-in from the callback URL; resolves with the path to return to. Once per URL. */
    completeSignIn(url: string): Promise<string> {
      let done = callbacks.get(url);
      if (!done) {
        done = (async () => {
          const user = await (await userManager()).signinRedirectCallback(url);
          signedIn(user);
          return returnPathOf(user.state);
        })();
        callbacks.set(url, done);
      }
      return done;
    },

    /** "Stay signed in": renew now; on failure the dialog offers to sign in again. */
    async staySignedIn(): Promise<boolean> {
      const renewed = await renew();
      if (!renewed) update({ renewFailed: true });
      return renewed;
    },

    dismissDialog(): void {
      update({ dismissed: true });
    },

    /** Revokes the refresh token where the provider can, forgets the tokens, and ends the provider's session. */
    async signOut(): Promise<void> {
      const um = await userManager();
      signingOut = true;
      clearTimers();
      try {
        await um.revokeTokens().catch(() => undefined);
        await um.signoutRedirect();
      } catch {
        // The provider has no end-session endpoint (or cannot be reached): at least this browser forgets the agent.
        await um.removeUser();
        signingOut = false;
        signedOut();
      }
    },

    tokenSource,

    /**
     * The API client's 401 hook: the first 401 of a request renews once (then the request is retried once); a 401
     * after that retry, or a failed renewal, ends the session, and the dialog asks the agent to sign in again.
     */
    async onUnauthorized({ retried }: { retried: boolean }): Promise<boolean> {
      if (!retried) {
        if (now() - lastRenewalAt < FRESH_RENEWAL_MS) return true;
        if (await renew()) return true;
      }
      end();
      return false;
    },

    stop(): void {
      clearTimers();
      for (const off of unsubscribe.splice(0)) off();
      listeners.clear();
    },
  };
}

export type AuthController = ReturnType<typeof createAuthController>;
