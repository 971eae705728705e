/** The stored session read without oidc-client-ts agrees with what the real library stores, and refuses the unknown. */
import { User, UserManager, type INavigator } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { OidcConfig } from '../../../lib/config';
import { readStoredUser, storedUserKey } from './stored-user';
import { userManagerSettings } from './user-manager';

const oidc: OidcConfig = { authority: 'https://login.example.test/realms/desk', clientId: 'trouble-ticket-desk', scope: 'openid profile', resource: undefined };
const profile = { sub: 'agent.one', name: 'Jana Schmidt', preferred_username: 'jana', iss: oidc.authority, aud: 'x', exp: 0, iat: 0 };
const noNavigation = {} as INavigator;

afterEach(() => window.sessionStorage.clear());

describe('readStoredUser', () => {
  it('reads the user the library stored with this app’s settings, and nothing once the library removed it', async () => {
    const um = new UserManager(userManagerSettings(oidc, 'https://desk.example.test'), noNavigation);
    await um.storeUser(new User({ access_token: 'at-1', refresh_token: 'rt-1', token_type: 'Bearer', expires_at: 1_900_000_000, profile }));
    expect(readStoredUser(oidc)).toEqual({
      access_token: 'at-1',
      refresh_token: 'rt-1',
      expires_at: 1_900_000_000,
      profile: { sub: 'agent.one', name: 'Jana Schmidt', preferred_username: 'jana' },
    });
    await um.removeUser();
    expect(readStoredUser(oidc)).toBeNull();
  });

  it('of another client or provider reads nothing', async () => {
    const um = new UserManager(userManagerSettings(oidc, 'https://desk.example.test'), noNavigation);
    await um.storeUser(new User({ access_token: 'at-1', token_type: 'Bearer', profile }));
    expect(readStoredUser({ ...oidc, clientId: 'other' })).toBeNull();
    expect(readStoredUser({ ...oidc, authority: 'https://login.example.test/realms/other' })).toBeNull();
  });

  const stored = { access_token: 'at', refresh_token: 'rt', expires_at: 1_900_000_000, profile: { sub: 'agent.one' } };
  it.each([
    ['no expiry, no refresh token, no names', { access_token: 'at', profile: { sub: 'agent.one' } }, { access_token: 'at', profile: { sub: 'agent.one' } }],
    ['nulls the library may write for absent fields', { ...stored, refresh_token: null, expires_at: null }, { access_token: 'at', profile: { sub: 'agent.one' } }],
    ['an empty access token', { ...stored, access_token: '' }, null],
    ['no access token', { ...stored, access_token: undefined }, null],
    ['an empty subject', { ...stored, profile: { sub: '' } }, null],
    ['no profile', { ...stored, profile: undefined }, null],
    ['an expiry that is not a number', { ...stored, expires_at: '1900000000' }, null],
    ['a refresh token that is not a string', { ...stored, refresh_token: 42 }, null],
    ['a name that is not a string', { ...stored, profile: { sub: 'agent.one', name: 7 } }, null],
    ['an array', [stored], null],
  ])('%s', (_case, entry, expected) => {
    window.sessionStorage.setItem(storedUserKey(oidc), JSON.stringify(entry));
    expect(readStoredUser(oidc)).toEqual(expected);
  });

  it('text that is not JSON reads as nothing', () => {
    window.sessionStorage.setItem(storedUserKey(oidc), '{not json');
    expect(readStoredUser(oidc)).toBeNull();
  });
});
