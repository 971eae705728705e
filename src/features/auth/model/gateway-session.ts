/**
 * The desk gateway's session paths as the app calls them (issue 27's contract): who is signed in, "stay signed in",
 * sign-out. Same origin, so the session cookie goes by itself; no token ever passes through page script.
 */

/** `GET /gateway/session` and `POST /gateway/session/refresh` answer with this. */
export type GatewaySession = {
  subject: string;
  name: string;
  canWrite: boolean;
  /** When the session ends (ms since the epoch): the earlier of its idle and absolute end. */
  expiresAt: number;
};

export const GATEWAY_PATHS = {
  session: '/gateway/session',
  refresh: '/gateway/session/refresh',
  logout: '/gateway/logout',
  login: '/gateway/login',
} as const;

/** The gateway answered: a session, or none (401: never signed in, ended, or signed out). */
export type SessionAnswer = { status: 'live'; session: GatewaySession } | { status: 'none' };

/** A 2xx body the app cannot read, or a status other than 200/401: the gateway's answer says nothing about the agent. */
export class GatewayUnreadable extends Error {
  constructor(readonly status: number) {
    super(`The desk gateway answered ${status} where a session was expected.`);
    this.name = 'GatewayUnreadable';
  }
}

/** Plain checks, not zod: this runs on the first screen (docs/decisions/0026). */
function readSession(body: unknown): GatewaySession | null {
  if (typeof body !== 'object' || body === null) return null;
  const { subject, name, canWrite, expiresAt } = body as Record<string, unknown>;
  const ends = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
  if (typeof subject !== 'string' || subject === '' || Number.isNaN(ends)) return null;
  return { subject, name: typeof name === 'string' && name !== '' ? name : subject, canWrite: canWrite === true, expiresAt: ends };
}

async function sessionAnswer(response: Response): Promise<SessionAnswer> {
  if (response.status === 401) return { status: 'none' };
  if (response.status !== 200) throw new GatewayUnreadable(response.status);
  const session = readSession(await response.json().catch(() => null));
  if (!session) throw new GatewayUnreadable(response.status);
  return { status: 'live', session };
}

const asJson = { Accept: 'application/json' };

/** Who is signed in; reading it does not slide the session's idle end. Rejects when the gateway cannot be reached. */
export async function readGatewaySession(fetcher: typeof fetch): Promise<SessionAnswer> {
  return sessionAnswer(await fetcher(GATEWAY_PATHS.session, { headers: asJson, cache: 'no-store', credentials: 'same-origin' }));
}

/** "Stay signed in": the gateway asks the agents' provider and slides the idle end. */
export async function refreshGatewaySession(fetcher: typeof fetch): Promise<SessionAnswer> {
  return sessionAnswer(await fetcher(GATEWAY_PATHS.refresh, { method: 'POST', headers: asJson, credentials: 'same-origin' }));
}

/**
 * Ends the session at the gateway; resolves with where the browser goes next: `/gateway/end-session` (the gateway
 * redirects from there to the provider's sign-out, holding the ID token itself; decision 0071), or `/`.
 * A session that had already ended (401) needs no sign-out: the overview's sign-in screen follows.
 */
export async function logOutAtGateway(fetcher: typeof fetch): Promise<string> {
  const response = await fetcher(GATEWAY_PATHS.logout, { method: 'POST', headers: asJson, credentials: 'same-origin' });
  if (response.status === 401) return '/';
  if (!response.ok) throw new GatewayUnreadable(response.status);
  const body = (await response.json().catch(() => null)) as { redirectTo?: unknown } | null;
  const to = body?.redirectTo;
  // Only the gateway's own answer is followed, and only to a web address or a path here.
  return typeof to === 'string' && (/^https?:\/\//i.test(to) || (to.startsWith('/') && !to.startsWith('//'))) ? to : '/';
}

/** Where sign-in starts: the gateway brings the agent back to `returnTo` (a path on this site). */
export const loginHref = (returnTo: string) => `${GATEWAY_PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`;
