/**
 * oidc-client-ts set up for this app: authorization code + PKCE (S256), the user and the sign-in state in
 * sessionStorage (never localStorage), silent renew with the refresh token. Loaded lazily, in real mode only.
 */
import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import type { OidcConfig } from '../../lib/config';
import { CALLBACK_PATH } from './return-to';

/** How long before the expiry warning the background renewal is tried, so a working renewal never shows the warning. */
export const RENEW_LEAD_SECONDS = 60;

export function userManagerSettings(oidc: OidcConfig, origin: string, warningSeconds: number): UserManagerSettings {
  // sessionStorage: tokens die with the tab, are not shared between tabs, and never reach localStorage (decision 0020).
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    // Authorization code flow; oidc-client-ts adds code_challenge (S256) and keeps the verifier in the state store.
    response_type: 'code',
    scope: oidc.scope,
    ...(oidc.resource ? { resource: oidc.resource } : {}),
    userStore: store,
    stateStore: store,
    // The refresh token renews in the background. oidc-client-ts would otherwise fall back to a hidden iframe at the
    // redirect URI (the whole app again, third-party cookies, 10 s timeout); '' switches that off (decision 0020).
    silent_redirect_uri: '',
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: warningSeconds + RENEW_LEAD_SECONDS,
    // The ID token carries name and preferred_username; a userinfo call per sign-in would add nothing.
    loadUserInfo: false,
    revokeTokenTypes: ['refresh_token'],
  };
}

export function createUserManager(oidc: OidcConfig, origin: string, warningSeconds: number): UserManager {
  return new UserManager(userManagerSettings(oidc, origin, warningSeconds));
}
