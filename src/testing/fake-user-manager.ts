/** Test support: a UserManager stand-in at the module boundary (no provider, no redirects), and a dialog polyfill. */
import { vi } from 'vitest';
import type { AuthState, OidcUser, UserManagerPort } from '../features/auth/model/auth-controller';

/** An agent's user as oidc-client-ts stores it; expires `expiresInSeconds` after `now`. */
export function agentUser(
  { sub = 'agent.one', name = 'Jana Schmidt', token = 'token-1', expiresInSeconds = 600, now = Date.now(), state }: {
    sub?: string;
    name?: string;
    token?: string;
    expiresInSeconds?: number;
    now?: number;
    state?: unknown;
  } = {},
): OidcUser {
  return {
    access_token: token,
    refresh_token: `refresh-${token}`,
    expires_at: Math.floor(now / 1000) + expiresInSeconds,
    profile: { sub, name, preferred_username: sub },
    state,
  };
}

/** The state as signed in (a test fails here otherwise), for reading what only a signed-in state has. */
export function signedIn(state: AuthState): Extract<AuthState, { status: 'signedIn' }> {
  if (state.status !== 'signedIn') throw new Error(`expected signedIn, got ${state.status}`);
  return state;
}

export type FakeUserManager = UserManagerPort & {
  [K in keyof Omit<UserManagerPort, 'events'>]: ReturnType<typeof vi.fn<UserManagerPort[K]>>;
} & {
  /** The user in "sessionStorage". */
  stored: OidcUser | null;
  /** What the next signinSilent yields: a user (stored and announced like oidc-client-ts does), or an error. */
  nextRenewal: () => OidcUser | Error;
};

export function createFakeUserManager(initial: OidcUser | null = null): FakeUserManager {
  const loaded = new Set<(user: OidcUser) => void>();
  const unloaded = new Set<() => void>();
  const fake: FakeUserManager = {
    stored: initial,
    nextRenewal: () => new Error('login_required'),
    getUser: vi.fn(async () => fake.stored),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => {
      throw new Error('no callback prepared');
    }),
    signinSilent: vi.fn(async () => {
      const next = fake.nextRenewal();
      if (next instanceof Error) throw next;
      fake.stored = next;
      for (const callback of loaded) callback(next);
      return next;
    }),
    signoutRedirect: vi.fn(async () => {
      fake.stored = null;
      for (const callback of unloaded) callback();
    }),
    removeUser: vi.fn(async () => {
      fake.stored = null;
      for (const callback of unloaded) callback();
    }),
    revokeTokens: vi.fn(async () => undefined),
    events: {
      addUserLoaded(callback) {
        loaded.add(callback);
        return () => loaded.delete(callback);
      },
      addUserUnloaded(callback) {
        unloaded.add(callback);
        return () => unloaded.delete(callback);
      },
    },
  };
  return fake;
}

/**
 * jsdom has <dialog> but not showModal/close. This stand-in opens and closes it and marks a modal opening with
 * data-modal, so a test can tell showModal (the page behind inert) from a plain open attribute.
 */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
  if (typeof proto.showModal !== 'function' || proto.showModal.name === 'fakeShowModal') {
    proto.showModal = function fakeShowModal(this: HTMLDialogElement) {
      this.open = true;
      this.dataset.modal = 'true';
    };
    proto.close = function fakeClose(this: HTMLDialogElement) {
      this.open = false;
      delete this.dataset.modal;
      this.dispatchEvent(new Event('close'));
    };
  }
}
