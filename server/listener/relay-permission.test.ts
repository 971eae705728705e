/**
 * Stream tickets in direct mode only for the desk's own client with the relay scope (decision 0053): a machine token
 * of the same audience (client credentials, another client, or the desk's client without the scope) gets 403, and the
 * log says why.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { listeners, type Listener } from '../../src/domain/event';
import { createListenerApp } from './app';
import type { LogLine } from './log';
import { envelopeFor, sseReader } from '../testing/listener-helpers';

const AGENTS = { issuer: 'https://login.example.com', audience: 'https://api.example.com/tmf-api/troubleTicket/v5' };
const DESK = 'trouble-ticket-desk';

let key: CryptoKey;
let jwk: JWK;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  key = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'agt', alg: 'ES256' };
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A valid token of the agents' provider for the API, with these claims (sub, client, scope) as the case needs. */
const token = (claims: JWTPayload, subject = 'anna') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: 'agt' })
    .setIssuer(AGENTS.issuer)
    .setAudience(AGENTS.audience)
    .setSubject(subject)
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime(nowSeconds() + 300)
    .sign(key);

function relay(now?: () => number) {
  const lines: LogLine[] = [];
  const { app } = createListenerApp({
    log: (line) => lines.push(line),
    ...(now ? { now } : {}),
    relayAuth: { ...AGENTS, jwks: { keys: [jwk] }, permission: { clientId: DESK, scope: 'ttd.relay' } },
  });
  const buy = (bearer: string) => app.request('/relay/stream-tickets', { method: 'POST', headers: { Authorization: `Bearer ${bearer}` } });
  return { app, lines, buy };
}

describe('stream tickets with RELAY_CLIENT_ID and RELAY_SCOPE', () => {
  it.each<[string, JWTPayload]>([
    ['the desk’s client in azp (an agent signed in at the app)', { azp: DESK, scope: 'openid profile tickets ttd.relay' }],
    ['the desk’s client in client_id (RFC 9068)', { client_id: DESK, scope: 'tickets ttd.relay' }],
    ['the scope as a list in scp', { client_id: DESK, scp: ['tickets', 'ttd.relay'] }],
  ])('are sold for %s', async (_case, claims) => {
    const res = await relay().buy(await token(claims));
    expect(res.status).toBe(201);
    // and the ticket opens a stream
    expect(((await res.json()) as { ticket: string }).ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each<[string, JWTPayload, string]>([
    ['a client-credentials token of another client (a machine)', { client_id: 'billing-batch', scope: 'tickets ttd.relay' }, 'issued to another client'],
    ['another client in azp', { azp: 'reporting-app', scope: 'ttd.relay' }, 'issued to another client'],
    ['azp naming the desk but client_id another client', { azp: DESK, client_id: 'billing-batch', scope: 'ttd.relay' }, 'issued to another client'],
    ['no client named at all', { scope: 'ttd.relay' }, 'issued to another client'],
    ['the desk’s client without the scope', { client_id: DESK, scope: 'openid tickets' }, 'lacks the scope'],
    ['the desk’s client with a scope that only starts like it', { client_id: DESK, scope: 'ttd.relay.admin ttd.relayx' }, 'lacks the scope'],
    ['the desk’s client with no scope claim', { client_id: DESK }, 'lacks the scope'],
  ])('are refused (403 insufficient_scope, the reason logged) for %s', async (_case, claims, words) => {
    const { buy, lines } = relay();
    const res = await buy(await token(claims));
    expect(res.status).toBe(403);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="insufficient_scope"/);
    const body = ErrorMessage.parse(await res.json());
    expect(body).toMatchObject({ code: 'forbidden', status: '403' });
    expect(body.message).toContain(words);
    expect(lines).toContainEqual({ kind: 'refused', method: 'POST', path: '/relay/stream-tickets', status: 403, code: 'forbidden', reason: body.message });
  });

  it('still answers 401, not 403, to a token that is not valid at all', async () => {
    const res = await relay().buy('not-a-jwt');
    expect(res.status).toBe(401);
  });
});

describe('a verified agent’s relay session', () => {
  it('began when its token was issued, if that was before its first ticket: nothing older is replayed', async () => {
    const status = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
    const clock = { now: Date.now() - 120_000 };
    const { app, buy } = relay(() => clock.now);
    const post = (body: object) =>
      app.request(status.path, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': status.contentType }, body: JSON.stringify(body) });
    // Two minutes ago, before the token (issued a minute ago); then now, after it but before the first ticket.
    const before = envelopeFor(status);
    await post(before);
    clock.now = Date.now();
    const after = envelopeFor(status);
    await post(after);
    const bought = await buy(await token({ client_id: DESK, scope: 'ttd.relay' }));
    const { ticket } = (await bought.json()) as { ticket: string };
    const stream = sseReader(await app.request(`/relay/events?ticket=${ticket}&lastEventId=1`));
    const [hello, reset, event] = await stream.events(3);
    expect([hello?.event, reset?.event, event?.event]).toEqual(['hello', 'reset', 'notification']);
    expect(JSON.parse(event?.data ?? '{}').envelope.eventId).toBe(after.eventId);
    await stream.close();
  });
});
