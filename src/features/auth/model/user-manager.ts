/**
 * oidc-client-ts set up for this app: authorization code + PKCE (S256), the user and the sign-in state in
 * sessionStorage (never localStorage), silent renew with the refresh token. Loaded lazily, in real mode only.
 */
import { UserManager, WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import { DEFAULT_RELAY_SCOPE } from '../../../domain/relay';
import { config, type OidcConfig } from '../../../lib/config';
import { CALLBACK_PATH } from './return-to';

/** The scopes asked for: the configured ones, and the relay's when there is a relay to listen to (decision 0053). */
export function scopeFor(oidc: OidcConfig, relay: boolean): string {
  const scopes = oidc.scope.split(' ');
  return relay && !scopes.includes(DEFAULT_RELAY_SCOPE) ? [...scopes, DEFAULT_RELAY_SCOPE].join(' ') : oidc.scope;
}

export function userManagerSettings(oidc: OidcConfig, origin: string, relay = false): UserManagerSettings {
  // sessionStorage: tokens die with the tab, are not shared between tabs, and never reach localStorage (decision 0020).
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return {
    authority: oidc.authority,
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    // Authorization code flow; oidc-client-ts adds code_challenge (S256) and keeps the verifier in the state store.
    response_type: 'code',
    scope: scopeFor(oidc, relay),
    ...(oidc.resource ? { resource: oidc.resource } : {}),
    userStore: store,
    stateStore: store,
    // The refresh token renews in the background. oidc-client-ts would otherwise fall back to a hidden iframe at the
    // redirect URI (the whole app again, third-party cookies, 10 s timeout); '' switches that off (decision 0020).
    silent_redirect_uri: '',
    // The auth controller renews on its own clock, the only renewer of the page: oidc-client-ts's automatic renewal
    // beside it could spend the same refresh token twice, and a provider with reuse detection then revokes the grant.
    automaticSilentRenew: false,
    // The ID token carries name and preferred_username; a userinfo call per sign-in would add nothing.
    loadUserInfo: false,
    revokeTokenTypes: ['refresh_token'],
  };
}

export function createUserManager(oidc: OidcConfig, origin: string): UserManager {
  // Direct mode's relay sells stream tickets only for a token with its scope.
  return new UserManager(userManagerSettings(oidc, origin, config.eventsUrl !== null));
}
