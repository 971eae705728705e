/**
 * The signed-in session outside React: who is signed in, when the session ends (warning, then ended), silent renewal,
 * sign-in and sign-out, the bearer token for the API client and its 401 hook. React reads it through auth-context.
 */
import type { TokenSource } from '../../../api/token-source';
import { signOutEvent } from '../../../lib/session';
import { createStore } from '../../../lib/external-store';
import { browserRenewalMarker, type RenewalMarker } from './renewal-marker';
import { CALLBACK_PATH, currentPath, returnPathOf, safeReturnPath, type SignInState } from './return-to';

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
  signinRedirect(args: { state: SignInState; ui_locales?: string; prompt?: 'none' }): Promise<void>;
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
  /** Gateway mode: false for a viewer (reads, never writes). Direct mode leaves it out: every agent may write. */
  canWrite?: boolean;
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
  /** Where a renewal in flight is noted (sessionStorage in the browser), so the next page load knows when one was cut. */
  renewalMarker?: RenewalMarker;
  /**
   * The stored user read without loading oidc-client-ts (./stored-user): a fresh one signs the agent in from the first
   * render, and the library loads only when something needs it (renewal, sign-out, a 401; decision 0039).
   */
  readStoredUser?: () => OidcUser | null;
};

/** A 401 soon after a successful renewal was most likely sent with the old token: retry without renewing again. */
const FRESH_RENEWAL_MS = 5_000;

/** How long before the expiry warning the background renewal is tried, so a working renewal never shows the warning. */
export const RENEW_LEAD_SECONDS = 60;

/** The provider's answers to a silent (prompt=none) sign-in that mean "the agent must sign in themselves". */
const INTERACTION_NEEDED = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** This page load is the provider's answer at the sign-in callback (a code or an error to complete). */
function atCallback(): boolean {
  const { pathname, search } = window.location;
  const params = new URLSearchParams(search);
  return pathname.startsWith(CALLBACK_PATH) && (params.has('code') || params.has('error'));
}

/** The provider answered with an OAuth error (oidc-client-ts's ErrorResponse carries its `error` code). */
function providerAnswered(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { error?: unknown }).error === 'string';
}

/** A refused silent sign-in: an ErrorResponse of oidc-client-ts naming one of the errors above, for a silent request. */
function silentSignInRefused(error: unknown): error is { state?: unknown } {
  if (typeof error !== 'object' || error === null) return false;
  const { error: code, state } = error as { error?: unknown; state?: unknown };
  const silent = typeof state === 'object' && state !== null && (state as Partial<SignInState>).silent === true;
  return silent && typeof code === 'string' && INTERACTION_NEEDED.has(code);
}

export function createAuthController(options: AuthControllerOptions) {
  const now = options.now ?? Date.now;
  const marker = options.renewalMarker ?? browserRenewalMarker();
  // Read when the page loads: the callback page takes code and state out of the address as soon as it renders.
  const loadedAtCallback = atCallback();
  // A fresh stored user signs the agent in from the first render (initialState, hoisted like the helpers it uses).
  const store = createStore<AuthState>(initialState());
  let manager: Promise<UserManagerPort> | undefined;
  let stopped = false;
  let started: Promise<void> | undefined;
  let renewal: Promise<boolean> | null = null;
  let lastRenewalAt = Number.NEGATIVE_INFINITY;
  /** The expiry whose background renewal failed: not tried again by the clock (the warning takes over). */
  let backgroundRenewalFailedFor: number | undefined;
  let signingOut = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const callbacks = new Map<string, Promise<string>>();
  const unsubscribe: (() => void)[] = [];

  function userManager(): Promise<UserManagerPort> {
    manager ??= options.loadUserManager().then((um) => {
      if (!stopped) {
        unsubscribe.push(
          um.events.addUserLoaded((user) => signedIn(user)),
          um.events.addUserUnloaded(() => {
            if (!signingOut) signedOut();
          }),
        );
      }
      return um;
    });
    return manager;
  }

  /** The phase the clock says for a session ending at `expiresAt`. */
  function phaseAt(expiresAt: number, at: number): SessionPhase {
    return at >= expiresAt ? 'ended' : at >= expiresAt - options.warningSeconds * 1000 ? 'warning' : 'active';
  }

  /**
   * A fresh stored user that no cut renewal left behind, read without the library: the state the first render shows.
   * Anything else (none, expired, a cut renewal to recover, the callback's answer) is decided by begin() through
   * oidc-client-ts, as before. No timers here: a controller React creates and throws away must not renew (start()).
   */
  function initialState(): AuthState {
    if (loadedAtCallback || !options.readStoredUser) return { status: 'loading' };
    const user = options.readStoredUser();
    if (!user || marker.read() !== null) return { status: 'loading' };
    const authUser = toAuthUser(user);
    const phase = authUser.expiresAt === undefined ? 'active' : phaseAt(authUser.expiresAt, now());
    if (phase === 'ended') return { status: 'loading' };
    return { status: 'signedIn', user: authUser, phase, renewing: false, renewFailed: false, dismissed: false };
  }

  const set = store.set;

  function update(changes: Partial<Extract<AuthState, { status: 'signedIn' }>>): void {
    const state = store.get();
    if (state.status === 'signedIn') set({ ...state, ...changes });
  }

  function clearTimers(): void {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  }

  /**
   * The phase the clock says, a timer for the next change of phase, and one for the background renewal a minute before
   * the warning. The controller is the only one that renews (oidc-client-ts's own automatic renewal is off): two
   * renewals at once would spend the same refresh token twice, and the provider then revokes the whole grant.
   */
  function evaluate(): void {
    clearTimers();
    const state = store.get();
    if (state.status !== 'signedIn' || state.user.expiresAt === undefined || state.phase === 'ended') return;
    const { expiresAt } = state.user;
    const warnAt = expiresAt - options.warningSeconds * 1000;
    const renewAt = warnAt - RENEW_LEAD_SECONDS * 1000;
    const at = now();
    const phase = phaseAt(expiresAt, at);
    if (phase !== state.phase) update({ phase, dismissed: false, renewFailed: false });
    if (phase === 'active') {
      timers.push(setTimeout(evaluate, warnAt - at));
      if (backgroundRenewalFailedFor !== expiresAt) timers.push(setTimeout(() => void renewInBackground(expiresAt), Math.max(0, renewAt - at)));
    }
    if (phase === 'warning') timers.push(setTimeout(evaluate, expiresAt - at));
  }

  /** Quiet: a failure shows nothing now; the warning comes at its time and offers "Stay signed in". */
  async function renewInBackground(expiresAt: number): Promise<void> {
    if (!(await renew())) backgroundRenewalFailedFor = expiresAt;
  }

  function toAuthUser(user: OidcUser): AuthUser {
    const { sub, name, preferred_username: username } = user.profile;
    return { userId: sub, displayName: name || username || sub, expiresAt: user.expires_at === undefined ? undefined : user.expires_at * 1000 };
  }

  function signedIn(user: OidcUser): void {
    const next = toAuthUser(user);
    const state = store.get();
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

  /**
   * One renewal at a time: parallel 401s and the clock share it. While it runs a marker is kept (the expiry of the user
   * being renewed): a page load that finds it knows the page before it was closed or reloaded after its refresh token
   * went to the provider but before the new one was stored, so the stored refresh token is spent (see begin()).
   */
  function renew(): Promise<boolean> {
    // Offline nothing could answer: sending nothing keeps the refresh token unspent (and leaves no note of a cut
    // renewal that would send the next page load to the provider, which it cannot reach either).
    if (!renewal && !navigator.onLine) return Promise.resolve(false);
    renewal ??= (async () => {
      update({ renewing: true });
      const um = await userManager();
      const before = await um.getUser().catch(() => null);
      // Only a refresh token can be spent; without one the renewal fails here, before anything is sent.
      if (before?.refresh_token) marker.set(String(before.expires_at ?? ''));
      try {
        const user = await um.signinSilent();
        marker.clear();
        if (!user) return false;
        lastRenewalAt = now();
        signedIn(user);
        return true;
      } catch (error) {
        // The provider answered (an OAuth error such as invalid_grant): the token was not taken. Without an answer (no
        // network, or the page is going away and its request was cut) it may have been: the note stays for the next
        // page load, which then does not send it again.
        if (providerAnswered(error)) marker.clear();
        return false;
      } finally {
        renewal = null;
        update({ renewing: false });
      }
    })();
    return renewal;
  }

  /**
   * The page before this one was cut off in the middle of a renewal (a reload, a closed tab restored): the provider
   * has rotated the stored refresh token, and sending it again would make the provider revoke the whole grant. Ask the
   * provider again without a prompt instead: with its session alive the agent comes straight back to this address.
   */
  async function recoverCutRenewal(um: UserManagerPort, user: OidcUser): Promise<boolean> {
    const noted = marker.read();
    // Offline the provider cannot be reached: the note is kept for a load that can ask it.
    if (noted === null || !navigator.onLine) return false;
    marker.clear();
    // The user stored since is not the one whose renewal was cut: that renewal finished after all.
    if (noted !== String(user.expires_at ?? '')) return false;
    try {
      await um.signinRedirect({ state: { returnTo: safeReturnPath(currentPath()), silent: true }, prompt: 'none', ui_locales: options.language?.() });
      return true;
    } catch {
      return false;
    }
  }

  function end(): void {
    clearTimers();
    const state = store.get();
    if (state.status === 'signedIn' && state.phase !== 'ended') update({ phase: 'ended', dismissed: false, renewFailed: false });
  }

  const onVisible = () => {
    // Timers sleep with the laptop: look at the clock again when the agent comes back.
    if (document.visibilityState === 'visible') evaluate();
  };

  async function begin(): Promise<void> {
    document.addEventListener('visibilitychange', onVisible);
    unsubscribe.push(() => document.removeEventListener('visibilitychange', onVisible));
    // Signed in from the store at creation: the clock's timers start now; the library waits until it is needed.
    if (store.get().status === 'signedIn') return evaluate();
    const um = await userManager();
    // The callback's sign-in decides (completeSignIn): the user stored before it is the one being replaced, and
    // taking it up here would start its renewal (a spent refresh token, after a cut renewal) beside the new sign-in.
    if (loadedAtCallback) {
      marker.clear();
      return;
    }
    const user = await um.getUser();
    // A sign-in callback may have finished meanwhile; it knows better than the store read before it.
    if (store.get().status !== 'loading') return;
    if (!user) return signedOut();
    // Leaving for the provider: the page stays "loading" until it is gone.
    if (await recoverCutRenewal(um, user)) return;
    if (user.expires_at !== undefined && user.expires_at * 1000 <= now()) {
      // Opened offline after the token expired: the agent stays who they are (their outbox and stored pages are
      // theirs); the session shows as ended, and signing in again waits for the network.
      if (!navigator.onLine) return signedIn(user);
      // Back after the token expired (a reopened tab, a night's sleep): renew quietly, else ask to sign in.
      if (await renew()) return;
      await um.removeUser();
      return signedOut();
    }
    signedIn(user);
  }

  const tokenSource: TokenSource = {
    async getAccessToken() {
      // Until the library is needed, its stored user is read directly (the same entry; ./stored-user).
      const stored = manager === undefined ? options.readStoredUser?.() : undefined;
      if (stored) return stored.access_token;
      const user = await (await userManager()).getUser();
      return user?.access_token ?? null;
    },
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,

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

    /**
     * Finishes the sign-in from the callback URL; resolves with the path to return to. Once per URL. A silent sign-in
     * that the provider refused (its session is over) ends signed out at that path, where the sign-in screen asks.
     */
    completeSignIn(url: string): Promise<string> {
      let done = callbacks.get(url);
      if (!done) {
        done = (async () => {
          const um = await userManager();
          try {
            const user = await um.signinRedirectCallback(url);
            signedIn(user);
            return returnPathOf(user.state);
          } catch (error) {
            if (!silentSignInRefused(error)) {
              // The callback page shows the failure and offers to try again; the rest of the app is signed out.
              if (store.get().status === 'loading') signedOut();
              throw error;
            }
            await um.removeUser();
            signedOut();
            return returnPathOf(error.state);
          }
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
      // Whatever this browser keeps of the agent is deleted first (the persisted query cache, decision 0038).
      const deleting: Promise<unknown>[] = [];
      window.dispatchEvent(new CustomEvent(signOutEvent, { detail: deleting }));
      await Promise.all(deleting).catch(() => undefined);
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
      stopped = true;
      clearTimers();
      for (const off of unsubscribe.splice(0)) off();
    },
  };
}

export type AuthController = ReturnType<typeof createAuthController>;
