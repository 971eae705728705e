/** Direct mode asks for the relay's scope at sign-in when it has a relay to listen to, and only then (decision 0053). */
import { describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../../lib/config';
import { scopeFor, userManagerSettings } from './user-manager';

const oidc: OidcConfig = { authority: 'https://login.example.com', clientId: 'trouble-ticket-desk', scope: 'openid profile tickets', resource: undefined };

describe('the scope asked for at sign-in', () => {
  it.each<[string, OidcConfig, boolean, string]>([
    ['with a relay: the configured scopes and ttd.relay', oidc, true, 'openid profile tickets ttd.relay'],
    ['with a relay whose scope is configured already: once', { ...oidc, scope: 'openid ttd.relay tickets' }, true, 'openid ttd.relay tickets'],
    ['without a relay: only the configured ones (a provider may refuse a scope it does not know)', oidc, false, 'openid profile tickets'],
  ])('%s', (_case, config, relay, expected) => {
    expect(scopeFor(config, relay)).toBe(expected);
    expect(userManagerSettings(config, 'https://desk.example.com', relay).scope).toBe(expected);
  });
});
