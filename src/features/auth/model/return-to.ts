/**
 * Where an agent comes back to after signing in: only a path on this app's own origin, so a crafted sign-in state can
 * never send anyone to another site (no open redirect).
 */

export const CALLBACK_PATH = '/auth/callback';

/** The address the agent is on now (the browser router keeps it in window.location). */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * `path` when it is a same-origin path (`/tickets/new?step=check`), else '/'. Protocol-relative (`//evil.example`),
 * backslash tricks (`/\evil.example`), absolute URLs and the sign-in callback itself all fall back to the overview.
 */
export function safeReturnPath(path: unknown, origin: string = window.location.origin): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  let url: URL;
  try {
    // The URL parser drops tabs and newlines, so "/\t/evil.example" would become "//evil.example": compare origins.
    url = new URL(path, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname.startsWith(`${CALLBACK_PATH}`)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The state oidc-client-ts keeps in sessionStorage across the sign-in round trip; `silent` for prompt=none. */
export type SignInState = { returnTo: string; silent?: boolean };

export function returnPathOf(state: unknown, origin?: string): string {
  const returnTo = typeof state === 'object' && state !== null ? (state as Partial<SignInState>).returnTo : undefined;
  return safeReturnPath(returnTo, origin);
}
