// Fixtures of the real-mode e2e tests: signing an agent in at the dev provider, the stored user, tokens of our own
// (forged, expired) and what the mocked service saw. Console errors fail a test unless it says it expects that refusal.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { testAgents, type TestAgent } from '../dev/oidc/accounts';
import type { SeenToken } from '../mocks/auth';
import { settings } from './auth-settings';
import { expect, test as base } from './fixtures';

/** A refusal a test provokes on purpose: Chromium logs it as "Failed to load resource: … status of 401". */
export type ExpectedRefusal = { status: number; url: string };

export const agentOne: TestAgent = testAgents[0]!;
export const agentTwo: TestAgent = testAgents[1]!;

/** Signs in from the app's sign-in page (the page must show it) and waits until the header names the agent. */
export async function signInAs(page: Page, agent: TestAgent = agentOne): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agent.name}`);
}

const userKey = `oidc.user:${settings.issuer}:${settings.clientId}`;

export type StoredUser = { access_token: string; refresh_token?: string; id_token?: string; expires_at?: number; profile: { sub: string } };

/** The user oidc-client-ts keeps in sessionStorage. */
export async function storedUser(page: Page): Promise<StoredUser | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), userKey);
  return raw ? (JSON.parse(raw) as StoredUser) : null;
}

/** Changes the stored user (a token swapped, the refresh token dropped); the app reads it on the next call. */
export async function changeStoredUser(page: Page, change: (user: StoredUser) => StoredUser): Promise<void> {
  const user = await storedUser(page);
  if (!user) throw new Error('no signed-in user in sessionStorage');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [userKey, JSON.stringify(change(user))] as const);
}

/** What localStorage holds, keys and values, for the "no token in localStorage" check. */
export async function localStorageDump(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(Object.entries(window.localStorage)));
}

export const fingerprint = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function seenTokens(): Promise<SeenToken[]> {
  return (await (await fetch(`${settings.apiOrigin}/__mock/seen-tokens`)).json()) as SeenToken[];
}

export async function clearSeenTokens(): Promise<void> {
  await fetch(`${settings.apiOrigin}/__mock/seen-tokens`, { method: 'DELETE' });
}

/** The dev provider's own key (written by it at start): tokens signed with it are genuine in all but their claims. */
async function providerKey(): Promise<{ key: CryptoKey | Uint8Array; kid: string }> {
  const { keys } = JSON.parse(readFileSync(settings.keysFile, 'utf8')) as { keys: JWK[] };
  const jwk = keys[0]!;
  return { key: await importJWK(jwk, 'RS256'), kid: jwk.kid ?? '' };
}

/**
 * An access token like the provider's for `sub`, with `claims` bent as the test needs; `forged` signs it with a key of
 * our own under the provider's key id, so only the signature gives it away.
 */
export async function accessToken(sub: string, { claims = {}, forged = false }: { claims?: JWTPayload; forged?: boolean } = {}) {
  const genuine = await providerKey();
  const key = forged ? (await generateKeyPair('RS256')).privateKey : genuine.key;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: settings.clientId, scope: 'tickets', ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: genuine.kid })
    .setIssuer(settings.issuer)
    .setAudience(settings.apiBase)
    .setSubject(sub)
    .setJti(`e2e-${now}-${Math.random().toString(36).slice(2)}`)
    .setIssuedAt((claims.iat as number | undefined) ?? now)
    .setExpirationTime((claims.exp as number | undefined) ?? now + 300)
    .sign(key);
}

export const test = base.extend<{ expectedRefusals: ExpectedRefusal[] }>({
  expectedRefusals: [[], { option: true }],
  // An override keeps the base fixture's `auto`: it runs for every test here.
  failOnPageErrors: async ({ page, expectedRefusals }, provide) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const status = Number(/status of (\d{3})/.exec(message.text())?.[1]);
      const url = message.location().url;
      if (expectedRefusals.some((refusal) => refusal.status === status && url.startsWith(refusal.url))) return;
      errors.push(`console.error: ${message.text()} (${url})`);
    });
    await provide();
    expect(errors, 'the page reported errors').toEqual([]);
  },
});

export { expect, settings };
