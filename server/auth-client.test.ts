// @vitest-environment node
/**
 * The service's client check (AuthOptions.clientId): with a client named, only tokens issued to that client pass; the
 * refusal says so in words. The interface's provider knows one client, the desk's company.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../src/domain/error';
import { createAuthorizer } from './auth';

const ISSUER = 'https://tokens.provider.test';
const AGENTS_ISSUER = 'https://login.desk.test';
const AUDIENCE = 'https://api.provider.test/tmf-api/troubleTicket/v5';
const DESK = 'trouble-ticket-desk';

let key: CryptoKey;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  key = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
});

/** A token signed with the one key the service trusts; only the issuer and the client claims vary. */
function token(claims: JWTPayload, issuer = ISSUER): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(typeof claims.client_id === 'string' ? claims.client_id : 'agent.one')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

const request = (t: string) => new Request(`${AUDIENCE}/troubleTicket`, { headers: { Authorization: `Bearer ${t}` } });

describe('a service that accepts one client only', () => {
  it.each([
    ['the desk’s client (client_id)', { client_id: DESK }, ISSUER, undefined],
    ['the desk’s client named only in azp', { azp: DESK }, ISSUER, undefined],
    ['client_id wins over azp', { client_id: DESK, azp: 'someone-else' }, ISSUER, undefined],
    ['another client', { client_id: 'another-company' }, ISSUER, 'client'],
    ['a client id that only starts like the desk’s', { client_id: `${DESK}-gateway` }, ISSUER, 'client'],
    ['no client claim at all', {}, ISSUER, 'client'],
    ['a client id that is not a string', { client_id: ['trouble-ticket-desk'] }, ISSUER, 'client'],
    ['an agent’s token of another issuer, same client id', { client_id: DESK }, AGENTS_ISSUER, 'issuer'],
  ] as const)('%s', async (_what, claims, issuer, reason) => {
    const authorizer = createAuthorizer({ issuer: ISSUER, audience: AUDIENCE, jwks, clientId: DESK });
    const refused = await authorizer.authorize(request(await token({ ...claims }, issuer)));
    const [seen] = authorizer.seen();
    if (reason === undefined) {
      expect(refused).toBeUndefined();
      expect(seen).toMatchObject({ accepted: true, clientId: DESK });
      return;
    }
    expect(refused?.status).toBe(401);
    expect(seen).toMatchObject({ accepted: false, reason });
    if (reason === 'client') {
      const body = (await refused!.json()) as ErrorMessage;
      expect(body.message).toBe('The access token was issued to another client: this service accepts only the client it was set up for');
      expect(refused!.headers.get('WWW-Authenticate')).toBe(`Bearer error="invalid_token", error_description="${body.message}"`);
    }
  });

  it('without a client named, any client of the issuer passes (as before)', async () => {
    const authorizer = createAuthorizer({ issuer: ISSUER, audience: AUDIENCE, jwks });
    expect(await authorizer.authorize(request(await token({ client_id: 'another-company' })))).toBeUndefined();
    expect(await authorizer.authorize(request(await token({})))).toBeUndefined();
  });
});
