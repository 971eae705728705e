// Fixtures of the gateway e2e tests: the test accounts, signing in through the gateway at the agents' provider, the
// browser states kept per account, the session cookie, and the provider's side (its client-credentials tokens, the
// mocked service's records, events POSTed through nginx). Console errors fail a test unless it names the refusal in
// `expectedRefusals` (e2e/support/fixtures.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Cookie, Page } from '@playwright/test';
import { testAgents, type TestAgent } from '../../dev/oidc/accounts';
import { overviewCountsShown } from './demo-service';
import { PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET } from '../../dev/oidc/client';
import { settings, type RunState } from './gateway-settings';
import { expect, test as base, type ExpectedRefusal } from './fixtures';

function account(username: string): TestAgent {
  const found = testAgents.find((agent) => agent.username === username);
  if (!found) throw new Error(`dev/oidc/accounts.ts has no test account ${username}`);
  return found;
}

export const agentOne = account('agent.one');
export const agentTwo = account('agent.two');
export const viewerOne = account('viewer.one');

/** The browser state (the session cookie) kept for an account by sign-in.setup.ts. */
export const stateOf = (who: TestAgent) => join(settings.stateDir, `${who.username}.json`);

/**
 * Signs in from wherever the page is: the app's sign-in page (its button) or the provider's form (the app may send
 * the browser there by itself). Waits until the app names the agent on an address of its own origin.
 */
export async function signInAs(page: Page, who: TestAgent = agentOne): Promise<void> {
  const appButton = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  const username = page.getByLabel('Username');
  await expect(appButton.or(username)).toBeVisible();
  if (await appButton.isVisible()) await appButton.click();
  await username.fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toContainText(`Signed in as ${who.name}`);
  await page.waitForURL((url) => url.origin === settings.appOrigin && !url.pathname.startsWith('/gateway/'));
}

/**
 * Starts sign-in again with `start` (after the session ended) and waits until the app is back and the gateway has
 * told it about the new session. The provider asks for the password again or not (it may still know the agent):
 * either way is right, so its form is filled if it comes. The page before only ever got 401 from /gateway/session,
 * and its address may already be the one sign-in returns to: a 200 there is what proves the new page is in.
 */
export async function signInAgain(page: Page, who: TestAgent, start: () => Promise<void>): Promise<void> {
  const callback = page.waitForRequest((request) => request.url().startsWith(`${settings.appOrigin}/gateway/callback?`));
  const back = page.waitForResponse((response) => response.url() === `${settings.appOrigin}/gateway/session` && response.status() === 200);
  await start();
  const username = page.getByLabel('Username');
  // Left waiting when the provider passes straight through; it ends with the page.
  void username.waitFor().then(
    async () => {
      await username.fill(who.username);
      await page.getByLabel('Password').fill(who.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
    () => undefined,
  );
  await callback;
  await back;
}

/** Opens the overview (signed in) and waits until it shows every count. */
export async function openOverview(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await overviewCountsShown(page);
}

/** Waits for the page of a ticket just created and answers its id. */
export async function createdTicket(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/tickets\/TT-\d+$/);
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  return id;
}

/** The gateway's session cookie (`__Host-ttd-session`, or `ttd-session` on a loopback http origin). */
export async function sessionCookie(context: BrowserContext): Promise<Cookie> {
  const cookie = (await context.cookies(settings.appOrigin)).find((c) => /^(__Host-)?ttd-session$/.test(c.name));
  if (!cookie) throw new Error('the browser holds no gateway session cookie');
  return cookie;
}

/** A request to the app's origin with only this cookie, as another browser holding it would send (Origin: the app). */
export function withCookie(cookie: Cookie, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${settings.appOrigin}${path}`, {
    ...init,
    headers: { Origin: settings.appOrigin, ...init.headers, Cookie: `${cookie.name}=${cookie.value}` },
  });
}

/** The desk runner's record: which process is which gateway instance. */
export function runState(): RunState {
  return JSON.parse(readFileSync(settings.runFile, 'utf8')) as RunState;
}

// --- The provider's side ------------------------------------------------------------------------------------------

/** A client-credentials token of the desk's client from the token provider, for `resource`. */
export async function providerToken(resource: string = settings.apiBase): Promise<string> {
  const response = await fetch(`${settings.tokenIssuer}/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PROVIDER_CLIENT_ID}:${PROVIDER_CLIENT_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource }),
  });
  expect(response.status, `client credentials for ${resource}: ${await response.clone().text()}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Calls the mocked service directly, as the desk's client (not through the gateway). */
export async function callService(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await providerToken();
  return fetch(`${settings.apiBase}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });
}

/** The tickets the service holds with this external identifier: how many were created. */
export async function ticketsWithExternalId(externalId: string): Promise<{ id: string }[]> {
  const response = await callService(`/troubleTicket?externalIdentifier.id=${encodeURIComponent(externalId)}&fields=id`);
  expect(response.status, 'GET troubleTicket by external id').toBe(200);
  return (await response.json()) as { id: string }[];
}

/** The cancellations the service holds for this product order. */
export async function cancellationsOf(productOrderId: string): Promise<{ id: string }[]> {
  const response = await callService(`/cancelProductOrder?productOrder.id=${encodeURIComponent(productOrderId)}&fields=id`);
  expect(response.status, 'GET cancelProductOrder by product order').toBe(200);
  return (await response.json()) as { id: string }[];
}

/** Creates a fault ticket at the service (not through the desk): answers its id and status. */
export async function createTicketAtService(body: object): Promise<{ id: string; status: string }> {
  const response = await callService('/troubleTicket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status, 'POST troubleTicket at the service').toBe(201);
  return (await response.json()) as { id: string; status: string };
}

export type ServiceChange = { resource: 'troubleTicket' | 'cancelProductOrder'; id: string; from: string; to: string; at: string };

/** Moves the service one step on (its test route): every open ticket created through its API moves one status on. */
export async function advanceService(): Promise<ServiceChange[]> {
  const token = await providerToken();
  const response = await fetch(`${settings.apiOrigin}/__mock/advance`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, 'POST __mock/advance').toBe(200);
  return (await response.json()) as ServiceChange[];
}

/** Calls one of the service's test routes (`/__mock/...`) with the desk's client-credentials token. */
async function serviceHook<T>(path: string, body: object): Promise<T> {
  const token = await providerToken();
  const response = await fetch(`${settings.apiOrigin}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `POST ${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

/**
 * The provider's own events to the desk's listener (mocks/server/event-sender.ts): paused in this run until a spec
 * resumes them; pausing answers once what was queued has been delivered.
 */
export const providerEvents = (paused: boolean) => serviceHook<{ paused: boolean }>('/__mock/events', { paused });

/** How often the provider's progression moves tickets on by itself (0 = never, the run's default). */
export const progressionEvery = (everyMs: number) => serviceHook<{ everyMs: number }>('/__mock/progression', { everyMs });

/** POSTs the service's status-change event through nginx to the receiver in the gateway, with the provider's token. */
export async function postStatusChange(change: ServiceChange): Promise<Response> {
  const token = await providerToken(settings.listenerAudience);
  const envelope = {
    eventId: `e2e-gw-${change.id}-${change.to}-${Date.now().toString(36)}`,
    eventTime: change.at,
    eventType: 'TroubleTicketStatusChangeEvent',
    event: { troubleTicket: { id: change.id, href: `${settings.apiBase}/troubleTicket/${change.id}`, status: change.to, statusChangeDate: change.at } },
  };
  return fetch(`${settings.appOrigin}/listener/troubleTicketStatusChangeEvent`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(envelope),
  });
}

export const newExternalId = (prefix = 'E2E-GW') => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/**
 * The gateway answers the ticket page's audit look-up with 404 when the ticket was not entered on this desk (the
 * contract), and Chromium logs that as a failed load: expected on every page of such a ticket.
 */
export const NOT_ENTERED_HERE: ExpectedRefusal = { status: 404, url: `${settings.appOrigin}/gateway/audit/` };

/** `test.use(refusing(...))`: the refusals a spec provokes on purpose, with the audit look-up's 404. */
export const refusing = (...more: ExpectedRefusal[]) => ({
  expectedRefusals: [[NOT_ENTERED_HERE, ...more], { scope: 'test' }] as [ExpectedRefusal[], { scope: 'test' }],
});

export const test = base.extend({ expectedRefusals: [[NOT_ENTERED_HERE], { scope: 'test' }] });

export { expect, settings };
