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
/** A path of this site as written: one leading slash, not two, and no backslash a browser would read as the second. */
const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export function safeReturnPath(path: unknown, origin: string = window.location.origin): string {
  if (typeof path !== 'string' || !isSitePath(path)) return '/';
  let url: URL;
  try {
    // The URL parser drops tabs and newlines, so "/\t/evil.example" would become "//evil.example": compare origins.
    url = new URL(path, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname.startsWith(`${CALLBACK_PATH}`)) return '/';
  // Normalising can make a checked path unsafe: "/..//evil.example" resolves to the path "//evil.example", which as an
  // address is another site. What is returned is checked again, as written.
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return isSitePath(normalised) ? normalised : '/';
}

/** The state oidc-client-ts keeps in sessionStorage across the sign-in round trip; `silent` for prompt=none. */
export type SignInState = { returnTo: string; silent?: boolean };

export function returnPathOf(state: unknown, origin?: string): string {
  const returnTo = typeof state === 'object' && state !== null ? (state as Partial<SignInState>).returnTo : undefined;
  return safeReturnPath(returnTo, origin);
}
