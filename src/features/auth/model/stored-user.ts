/**
 * The signed-in user as oidc-client-ts keeps it in this tab's sessionStorage, read without loading the library, so a
 * signed-in agent's first screen needs neither its code nor a wait for it (decision 0039). Read only: everything that
 * writes (sign-in, renewal, sign-out) goes through oidc-client-ts; user-manager.test.ts proves the two agree.
 */
import type { OidcConfig } from '../../../lib/config';
import type { OidcUser } from './auth-controller';

/** oidc-client-ts's key: WebStorageStateStore's default prefix `oidc.`, then UserManager's `user:<authority>:<client_id>`. */
export const storedUserKey = (oidc: Pick<OidcConfig, 'authority' | 'clientId'>) => `oidc.user:${oidc.authority}:${oidc.clientId}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, type: 'string' | 'number') => value === undefined || value === null || typeof value === type;

/**
 * The stored user, or null when there is none or it is not a shape this reader knows (a newer library's format, a
 * damaged entry): the caller then asks oidc-client-ts itself, which decides as before.
 */
export function readStoredUser(oidc: Pick<OidcConfig, 'authority' | 'clientId'>, store: Storage | undefined = globalThis.sessionStorage): OidcUser | null {
  let parsed: unknown;
  try {
    const text = store?.getItem(storedUserKey(oidc));
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.profile)) return null;
  const { access_token: accessToken, refresh_token: refreshToken, expires_at: expiresAt, profile } = parsed;
  const { sub, name, preferred_username: username } = profile;
  if (typeof accessToken !== 'string' || accessToken === '' || typeof sub !== 'string' || sub === '') return null;
  if (!optional(refreshToken, 'string') || !optional(expiresAt, 'number') || !optional(name, 'string') || !optional(username, 'string')) return null;
  return {
    access_token: accessToken,
    ...(typeof expiresAt === 'number' ? { expires_at: expiresAt } : {}),
    ...(typeof refreshToken === 'string' ? { refresh_token: refreshToken } : {}),
    profile: { sub, ...(typeof name === 'string' ? { name } : {}), ...(typeof username === 'string' ? { preferred_username: username } : {}) },
  };
}
