/** Tokens: the service's on the listener paths, the agents' at the relay, each verified against its own issuer. */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { listeners, type Listener } from '../../src/domain/event';
import { createListenerApp } from './app';
import { silentLogger } from './log';
import { envelopeFor, sseReader } from '../testing/listener-helpers';

const SERVICE = { issuer: 'https://idp.provider.test', audience: 'https://desk.example.com/listener' };
const AGENTS = { issuer: 'https://login.example.com', audience: 'https://api.example.com/tmf-api/troubleTicket/v5' };
const listener = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;

let serviceKey: CryptoKey;
let agentKey: CryptoKey;
let strangerKey: CryptoKey;
let serviceJwk: JWK;
let agentJwk: JWK;

beforeAll(async () => {
  const service = await generateKeyPair('RS256', { extractable: true });
  const agent = await generateKeyPair('ES256', { extractable: true });
  serviceKey = service.privateKey;
  agentKey = agent.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  serviceJwk = { ...(await exportJWK(service.publicKey)), kid: 'svc', alg: 'RS256' };
  agentJwk = { ...(await exportJWK(agent.publicKey)), kid: 'agt', alg: 'ES256' };
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function token(who: typeof SERVICE, { key, alg = 'RS256', kid = 'svc', claims = {} }: { key: CryptoKey; alg?: string; kid?: string; claims?: JWTPayload }) {
  return new SignJWT({ scope: 'events' })
    .setProtectedHeader({ alg, kid })
    .setIssuer((claims.iss as string | undefined) ?? who.issuer)
    .setAudience((claims.aud as string | undefined) ?? who.audience)
    .setSubject('subject')
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime((claims.exp as number | undefined) ?? nowSeconds() + 300)
    .sign(key);
}

function appWith(now?: () => number) {
  return createListenerApp({
    log: silentLogger,
    listenerAuth: { ...SERVICE, jwks: { keys: [serviceJwk] } },
    relayAuth: { ...AGENTS, jwks: { keys: [agentJwk] } },
    ...(now ? { now } : {}),
  }).app;
}

describe('listener paths with LISTENER_ISSUER', () => {
  const post = (bearer?: string) =>
    appWith().request(listener.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(envelopeFor(listener)),
    });

  it('accept a valid token of the service issuer', async () => {
    expect((await post(await token(SERVICE, { key: serviceKey }))).status).toBe(204);
  });

  it.each<[string, () => Promise<string | undefined>, string]>([
    ['no token', async () => undefined, 'An access token is required'],
    ['not a JWT', async () => 'opaque-token', 'not a signed JWT'],
    ['a stranger’s signature', () => token(SERVICE, { key: strangerKey }), 'does not verify'],
    ['another issuer', () => token(SERVICE, { key: serviceKey, claims: { iss: 'https://other.test' } }), 'issued by someone else'],
    ['another audience', () => token(SERVICE, { key: serviceKey, claims: { aud: 'https://other.test/api' } }), 'not meant for this service'],
    ['an expired token', () => token(SERVICE, { key: serviceKey, claims: { exp: nowSeconds() - 120 } }), 'expired'],
    ['an agent’s token', () => token(AGENTS, { key: agentKey, alg: 'ES256', kid: 'agt' }), ''],
  ])('answer 401 ErrorMessage to %s', async (_case, make, words) => {
    const res = await post(await make());
    expect(res.status).toBe(401);
    const body = ErrorMessage.parse(await res.json());
    expect(body.code).toBe('unauthorized');
    expect(body.message).toContain(words);
  });
});

describe('stream tickets with RELAY_ISSUER', () => {
  const buy = (app: ReturnType<typeof appWith>, bearer: string) =>
    app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${bearer}` } });

  it('are sold for an agent’s valid token, not for the service’s token', async () => {
    const app = appWith();
    expect((await buy(app, await token(AGENTS, { key: agentKey, alg: 'ES256', kid: 'agt' }))).status).toBe(201);
    expect((await buy(app, await token(SERVICE, { key: serviceKey }))).status).toBe(401);
  });

  it('buy a stream that ends when the agent’s token expires', async () => {
    const exp = nowSeconds() + 3600;
    // The clock says the token has 200 ms left.
    const app = appWith(() => exp * 1000 - 200);
    const res = await buy(app, await token(AGENTS, { key: agentKey, alg: 'ES256', kid: 'agt', claims: { exp } }));
    const { ticket } = (await res.json()) as { ticket: string };
    const stream = sseReader(await app.request(`/relay/events?ticket=${ticket}`));
    const started = Date.now();
    expect(await stream.next()).toEqual({ comment: 'connected' });
    expect(await stream.next()).toMatchObject({ event: 'hello' });
    expect(await stream.next()).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
