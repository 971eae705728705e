// Fixtures of the real-mode e2e tests: signing an agent in at the dev provider, the stored user, tokens of our own
// (forged, expired) and what the mocked service saw; the service's side of events (its tokens for the receiver, events
// POSTed to it, tickets created and moved on through the mocked service). Console errors fail a test unless it names
// that refusal in `expectedRefusals` (e2e/support/fixtures.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { testAgents, type TestAgent } from '../../dev/oidc/accounts';
import type { SeenToken } from '../../server/auth';
import { settings } from './auth-settings';
import { overviewCountsShown } from './demo-service';
import { expect, test } from './fixtures';

export const agentOne: TestAgent = testAgents[0]!;
export const agentTwo: TestAgent = testAgents[1]!;

/**
 * Signs in from the app's sign-in page (the page must show it): waits until the header names the agent and the app
 * has left its callback page for the address it returns to. (The header names the agent while the callback page is
 * still up; its move to the return address moves focus to the new page's heading, so a test that put focus somewhere
 * before that move would lose it.)
 */
export async function signInAs(page: Page, agent: TestAgent = agentOne): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${agent.name}`);
  await page.waitForURL((url) => url.origin === settings.appOrigin && !url.pathname.startsWith('/auth/callback'));
}

/** Opens the app, signs in (it lands on the overview) and waits until the overview shows every count. */
export async function signInAtOverview(page: Page, agent: TestAgent = agentOne): Promise<void> {
  await page.goto('/');
  await signInAs(page, agent);
  await expect(page).toHaveURL(`${settings.appOrigin}/`);
  await overviewCountsShown(page);
}

/**
 * For a spec whose tests start signed in, with the service's record of tokens emptied, and provoke the service's 401
 * on purpose (a bad token): registers the option and the `beforeEach` in the calling spec. The relay refuses the same
 * bad token when a page load buys its stream ticket with it (then the app retries with the renewed one).
 */
export function startSignedInExpectingRefusedTokens(): void {
  test.use({
    expectedRefusals: [
      [
        { status: 401, url: settings.apiOrigin },
        { status: 401, url: `${settings.relayUrl}/stream-tickets` },
      ],
      { scope: 'test' },
    ],
  });
  test.beforeEach(async ({ page }) => {
    await signInAtOverview(page);
    await clearSeenTokens();
  });
}

const userKey = `oidc.user:${settings.issuer}:${settings.clientId}`;

export type StoredUser = { access_token: string; refresh_token?: string; id_token?: string; expires_at?: number; profile: { sub: string } };

/** The user oidc-client-ts keeps in sessionStorage. */
export async function storedUser(page: Page): Promise<StoredUser | null> {
  const raw = await page.evaluate((key) => sessionStorage.getItem(key), userKey);
  return raw ? (JSON.parse(raw) as StoredUser) : null;
}

/**
 * Changes the stored user (a token swapped, the refresh token dropped) under the running app, which reads it on its
 * next call: for a change the app must meet in the middle of its work (a token that expires while the wizard is open).
 */
export async function changeStoredUser(page: Page, change: (user: StoredUser) => StoredUser): Promise<void> {
  const user = await storedUser(page);
  if (!user) throw new Error('no signed-in user in sessionStorage');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [userKey, JSON.stringify(change(user))] as const);
}

/**
 * Changes the stored user while no page of the app runs, then opens `path` with it. Changed under a running page, a
 * bad token could be used by that page in the moment before it is left: its renewal would spend the refresh token
 * that the next page then sends again (the provider revokes the grant: a failure of the test's making). So the tab
 * first shows an empty page of the app's origin (same sessionStorage, no app code), where the change is made.
 */
export async function loadWithStoredUser(page: Page, change: (user: StoredUser) => StoredUser, path: string): Promise<void> {
  const user = await storedUser(page);
  if (!user) throw new Error('no signed-in user in sessionStorage');
  const blank = `${settings.appOrigin}/__e2e-blank`;
  // An icon of its own, so the browser asks for no /favicon.ico (a 404 in the console).
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title><link rel="icon" href="data:,">' }));
  await page.goto(blank);
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [userKey, JSON.stringify(change(user))] as const);
  await page.unroute(blank);
  await page.goto(path);
}

/** What localStorage holds, keys and values, for the "no token in localStorage" check. */
export async function localStorageDump(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(Object.entries(window.localStorage)));
}

export const fingerprint = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The path of the service's ticket collection, as the mocked service records it. */
export const TICKETS_PATH = `${new URL(settings.apiBase).pathname}/troubleTicket`;

/** The mocked service's test-only routes (MOCK_TEST_HOOKS=1) ask for a token like every route: a genuine one. */
async function testRoute(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await accessToken('e2e-test-routes');
  return fetch(`${settings.apiOrigin}/__mock/${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
}

/** The tokens the mocked service saw, oldest first; only the calls with this method and path when they are given. */
export async function seenTokens(call: { method?: string; path?: string } = {}): Promise<SeenToken[]> {
  const seen = (await (await testRoute('seen-tokens')).json()) as SeenToken[];
  return seen.filter((entry) => (call.method ?? entry.method) === entry.method && (call.path ?? entry.path) === entry.path);
}

export async function clearSeenTokens(): Promise<void> {
  await testRoute('seen-tokens', { method: 'DELETE' });
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

/** A genuine access token for `sub` that expired ten minutes ago (issued fifteen minutes ago). */
export function expiredAccessToken(sub: string) {
  const now = Math.floor(Date.now() / 1000);
  return accessToken(sub, { claims: { iat: now - 900, exp: now - 600 } });
}


// --- The event receiver (server/listener/) and the service's side of events -------------------------------------------------

/** The service's name in its client-credentials tokens for the receiver. */
export const SERVICE_CLIENT = 'trouble-ticket-service';

/**
 * A client-credentials token of the service for the receiver's listener paths: signed with the provider's key, for the
 * receiver's audience (LISTENER_ISSUER/LISTENER_AUDIENCE in playwright.auth.config.ts), as a provider would send it.
 */
export async function serviceToken(): Promise<string> {
  const { key, kid } = await providerKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: SERVICE_CLIENT, scope: 'events' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
    .setIssuer(settings.issuer)
    .setAudience(settings.listenerAudience)
    .setSubject(SERVICE_CLIENT)
    .setJti(`e2e-svc-${now}-${Math.random().toString(36).slice(2)}`)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(key);
}

/** An event envelope as the receiver takes it (src/domain/event.ts `eventEnvelope`). */
export type Envelope = { eventId: string; eventTime: string; eventType: string; event: Record<string, Record<string, unknown>> };

/** POSTs an envelope to its listener path; `token: null` sends none, undefined a valid service token. */
export async function postEvent(envelope: Envelope, { token }: { token?: string | null } = {}): Promise<Response> {
  const bearer = token === undefined ? await serviceToken() : token;
  const name = envelope.eventType.charAt(0).toLowerCase() + envelope.eventType.slice(1);
  return fetch(`${settings.listenerOrigin}/listener/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(envelope),
  });
}

/** The receiver's test hook: ends every open stream (the browsers must reconnect by themselves). */
export async function dropStreams(): Promise<void> {
  const response = await fetch(`${settings.listenerOrigin}/__test/drop-streams`, { method: 'POST' });
  expect(response.status, 'POST __test/drop-streams').toBe(204);
}

export type ListenerStats = { subscribers: number; buffered: number; accepted: number; relayed: number; duplicates: number };

export async function listenerStats(): Promise<ListenerStats> {
  return (await (await fetch(`${settings.listenerOrigin}/__test/stats`)).json()) as ListenerStats;
}

/** One status change made by the mocked service's `POST /__mock/advance` (mocks/store.ts `Change`). */
export type ServiceChange = { resource: 'troubleTicket' | 'cancelProductOrder'; id: string; from: string; to: string; at: string };

/** Moves the mocked service one step on (every open ticket created through its API moves one status on). */
export async function advanceService(): Promise<ServiceChange[]> {
  const response = await testRoute('advance', { method: 'POST' });
  expect(response.status, 'POST __mock/advance').toBe(200);
  return (await response.json()) as ServiceChange[];
}

/** Calls the service's API as `agent` (a token signed with the provider's key, for the API). */
async function callApi(path: string, init: RequestInit = {}, agent: TestAgent = agentOne): Promise<Response> {
  const token = await accessToken(agent.username);
  return fetch(`${settings.apiBase}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
}

/** Creates a fault ticket through the service's API (a fresh external id); answers the created ticket's id and status. */
export async function createTicketThroughApi(body: Record<string, unknown>): Promise<{ id: string; status: string }> {
  const response = await callApi('/troubleTicket', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, 'POST troubleTicket').toBe(201);
  return (await response.json()) as { id: string; status: string };
}

/** The status the service holds for a ticket now. */
export async function serviceTicketStatus(id: string): Promise<string> {
  const response = await callApi(`/troubleTicket/${encodeURIComponent(id)}`);
  expect(response.status, `GET troubleTicket/${id}`).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** The TroubleTicketStatusChangeEvent a service sends for a change (as mocks/events.ts builds it in the demo). */
export function statusChangeEnvelope(change: ServiceChange, eventId = `e2e-${change.id}-${change.to}-${Date.now().toString(36)}`): Envelope {
  return {
    eventId,
    eventTime: change.at,
    eventType: 'TroubleTicketStatusChangeEvent',
    event: { troubleTicket: { id: change.id, href: `${settings.apiBase}/troubleTicket/${change.id}`, status: change.to, statusChangeDate: change.at } },
  };
}

export { expect, settings, test };
