// @vitest-environment node
/** MOCK_OIDC_CLIENT_ID: the mocked service's one accepted client comes from the environment, checked at the start. */
import { describe, expect, it } from 'vitest';
import { authFromEnvironment } from './http';

const ISSUER = 'http://127.0.0.1:4182';
const AUDIENCE = 'http://127.0.0.1:4183/tmf-api/troubleTicket/v5';

describe('MOCK_OIDC_CLIENT_ID', () => {
  it.each([
    ['a client id', 'trouble-ticket-desk', { issuer: ISSUER, audience: AUDIENCE, clientId: 'trouble-ticket-desk' }],
    ['spaces around it', '  trouble-ticket-desk ', { issuer: ISSUER, audience: AUDIENCE, clientId: 'trouble-ticket-desk' }],
    ['blank: any client of the issuer', '  ', { issuer: ISSUER, audience: AUDIENCE }],
    ['unset: any client of the issuer', undefined, { issuer: ISSUER, audience: AUDIENCE }],
  ])('%s', (_what, clientId, expected) => {
    const env = { MOCK_OIDC_ISSUER: ISSUER, MOCK_OIDC_AUDIENCE: AUDIENCE, ...(clientId === undefined ? {} : { MOCK_OIDC_CLIENT_ID: clientId }) };
    expect(authFromEnvironment(env)).toEqual(expected);
  });

  it('stops the start with a sentence naming the variable when there is no issuer to check it against', () => {
    expect(() => authFromEnvironment({ MOCK_OIDC_CLIENT_ID: 'trouble-ticket-desk' })).toThrow(
      'MOCK_OIDC_CLIENT_ID is set, so MOCK_OIDC_ISSUER must be too (the provider whose client it is).',
    );
    expect(authFromEnvironment({})).toBeUndefined();
  });
});
