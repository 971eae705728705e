/** The desk's client-credentials token: one request for many callers, renewal before expiry, exact invalidation, failures. */
import { Hono } from 'hono';
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/processes';
import { cacheSeconds, createServiceTokens, providerPrivateKey, ServiceTokenRefused, ServiceTokenUnavailable } from './service-token';
import { CLIENT_ID, CLIENT_SECRET, closeAll, serveApp, startTokenEndpoint } from '../testing/upstream';

afterEach(closeAll);

const basic = { method: 'client_secret_basic', clientSecret: CLIENT_SECRET } as const;
const T0 = Date.parse('2026-11-26T10:00:00Z');

describe('how long a token is used', () => {
  it.each([
    [undefined, 30],
    [20, 10],
    [60, 30],
    [300, 270],
    [3600, 3240],
  ])('a token of expires_in %s is used for %s s', (expiresIn, seconds) => {
    expect(cacheSeconds(expiresIn)).toBe(seconds);
  });

  it.each([
    [269, 1],
    [271, 2],
  ])('a 300 s token asked for again after %s s: %s token request(s) in all', async (later, requests) => {
    const endpoint = await startTokenEndpoint({ expiresIn: 300 });
    let clock = T0;
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: basic, now: () => clock });
    expect(await tokens.get()).toBe('tok-1');
    clock = T0 + later * 1000;
    expect(await tokens.get()).toBe(`tok-${requests}`);
    expect(endpoint.seen).toHaveLength(requests);
  });
});

describe('the token request', () => {
  it('is one for 50 callers at once, with the client id and secret as Basic, the audience as resource and the scope', async () => {
    const endpoint = await startTokenEndpoint();
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: basic, audience: 'https://api.example/v5', scope: 'tt' });
    const got = await Promise.all(Array.from({ length: 50 }, () => tokens.get()));
    expect(new Set(got)).toEqual(new Set(['tok-1']));
    expect(endpoint.seen).toHaveLength(1);
    expect(endpoint.seen[0]?.form).toMatchObject({ grant_type: 'client_credentials', resource: 'https://api.example/v5', scope: 'tt' });
    expect(tokens.stats()).toEqual({ fetches: 1, failures: 0 });
  });

  it('signs a private_key_jwt assertion for the token endpoint to verify, from a PEM or a JWK', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    let endpointUrl = '';
    const verified: string[] = [];
    const app = new Hono();
    app.post('/token', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', publicKey, { issuer: CLIENT_ID, subject: CLIENT_ID });
      verified.push(String(payload.aud));
      return c.json({ access_token: `key-${verified.length}`, token_type: 'Bearer', expires_in: 300 });
    });
    const served = await serveApp(app);
    endpointUrl = `${served.url}/token`;
    for (const text of [await exportPKCS8(privateKey), JSON.stringify(await exportJWK(privateKey))]) {
      const tokens = createServiceTokens({ tokenUrl: endpointUrl, clientId: CLIENT_ID, auth: { method: 'private_key_jwt', privateKey: await providerPrivateKey(text) } });
      expect(await tokens.get()).toMatch(/^key-/);
    }
    expect(verified).toEqual([served.url, served.url]);
  });

  it('refuses a key file that holds no private key, naming the setting', async () => {
    await expect(providerPrivateKey('not a key')).rejects.toThrow(/GATEWAY_PROVIDER_PRIVATE_KEY_FILE/);
  });

  it.each([
    ['http://provider.example/token', true],
    ['http://127.0.0.1:1/token', false],
    ['http://localhost:1/token', false],
    ['https://provider.example/token', false],
  ])('a token URL of %s is refused at the start: %s', (tokenUrl, refused) => {
    const create = () => createServiceTokens({ tokenUrl, clientId: CLIENT_ID, auth: basic });
    if (refused) expect(create).toThrow(/GATEWAY_PROVIDER_TOKEN_URL must be https/);
    else expect(create).not.toThrow();
  });
});

describe('invalidate', () => {
  it('drops the token the API refused, so the next caller gets a new one', async () => {
    const endpoint = await startTokenEndpoint();
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: basic });
    expect(await tokens.get()).toBe('tok-1');
    await tokens.invalidate('tok-1');
    expect(await tokens.get()).toBe('tok-2');
  });

  it('keeps a newer token when a late caller reports the old one', async () => {
    const endpoint = await startTokenEndpoint();
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: basic });
    await tokens.get();
    await tokens.invalidate('tok-1');
    expect(await tokens.get()).toBe('tok-2');
    await tokens.invalidate('tok-1');
    expect(await tokens.get()).toBe('tok-2');
    expect(endpoint.seen).toHaveLength(2);
  });
});

describe('a token endpoint that fails', () => {
  const failures = [
    ['is down', async () => `http://127.0.0.1:${await freePort()}/token`, /could not be reached/],
    ['answers 503', async () => (await startTokenEndpoint({ status: 503 })).tokenUrl, /answered 503/],
    ['does not answer in time', async () => (await startTokenEndpoint({ hang: true })).tokenUrl, /did not answer within 0.3 s/],
  ] as const;

  it.each(failures)('%s: ServiceTokenUnavailable naming the host, Retry-After 10, never the secret; counted', async (_, url, why) => {
    const tokenUrl = await url();
    const lines: string[] = [];
    const tokens = createServiceTokens({ tokenUrl, clientId: CLIENT_ID, auth: basic, timeoutMs: 300, log: (line) => lines.push(JSON.stringify(line)) });
    const error = await tokens.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceTokenUnavailable);
    const unavailable = error as ServiceTokenUnavailable;
    expect(unavailable.message).toContain(new URL(tokenUrl).host);
    expect(unavailable.message).toMatch(why);
    expect(unavailable.retryAfterSeconds).toBe(10);
    expect(`${unavailable.message} ${lines.join()}`).not.toContain(CLIENT_SECRET);
    expect(tokens.stats()).toEqual({ fetches: 1, failures: 1 });
  });

  it('a wrong secret is ServiceTokenRefused with the OAuth error, and the next call tries again', async () => {
    const endpoint = await startTokenEndpoint();
    const tokens = createServiceTokens({ tokenUrl: endpoint.tokenUrl, clientId: CLIENT_ID, auth: { method: 'client_secret_basic', clientSecret: 'wrong' } });
    const error = await tokens.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceTokenRefused);
    expect((error as Error).message).toMatch(/answered 401 \(invalid_client\)/);
    await tokens.get().catch(() => undefined);
    expect(endpoint.seen).toHaveLength(2);
  });
});
