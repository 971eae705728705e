// @vitest-environment node
// A key-set outage is not bad credentials (issue 30): while the issuer's keys cannot be fetched, a token is answered
// 503 with Retry-After (a sender retries that; it takes a 401 as final) and keysReady() is false; once the keys are
// back, the same token passes and keysReady() is true.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthorizer, KEYS_RETRY_AFTER_SECONDS } from './auth';

const AUDIENCE = 'https://desk.example.com/listener';
let server: Server;
let issuer: string;
let answer: 'keys' | 'error' | 'refuse' = 'error';
let jwk: JWK;
let token: string;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  server = createServer((request, response) => {
    if (answer === 'refuse') {
      request.socket.destroy();
      return;
    }
    if (answer === 'error') {
      response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad Gateway</h1>');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await new SignJWT({ scope: 'events' })
    .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject('provider')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const request = () => new Request('http://receiver/listener/troubleTicketStateChangeEvent', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

describe('the issuer\'s keys out of reach', () => {
  it.each([
    ['answers 502', 'error'],
    ['drops the connection', 'refuse'],
  ] as const)('when the key set URL %s: 503 with Retry-After and not ready; once back: the token passes and ready', async (_name, outage) => {
    answer = outage;
    const authorizer = createAuthorizer({ issuer, audience: AUDIENCE });
    const refused = await authorizer.authorize(request());
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('Retry-After')).toBe(String(KEYS_RETRY_AFTER_SECONDS));
    expect(await refused?.json()).toMatchObject({ code: 'keysUnavailable', message: 'The keys of the issuer could not be loaded to check the access token' });
    expect(authorizer.seen().at(-1)).toMatchObject({ accepted: false, reason: 'keysUnavailable' });
    expect(await authorizer.keysReady()).toBe(false);

    answer = 'keys';
    expect(await authorizer.keysReady()).toBe(true);
    expect(await authorizer.authorize(request())).toBeUndefined();
  });

  it('is ready without an issuer, and with a key set given', async () => {
    answer = 'error';
    expect(await createAuthorizer().keysReady()).toBe(true);
    expect(await createAuthorizer({ issuer, audience: AUDIENCE, jwks: { keys: [jwk] } }).keysReady()).toBe(true);
  });

  it('still refuses a bad token with 401 while the keys are there', async () => {
    answer = 'keys';
    const authorizer = createAuthorizer({ issuer, audience: AUDIENCE });
    const refused = await authorizer.authorize(new Request('http://receiver/x', { headers: { Authorization: 'Bearer not-a-jwt' } }));
    expect(refused?.status).toBe(401);
  });
});
