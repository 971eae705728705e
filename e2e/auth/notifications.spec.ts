// Live updates in real mode: the service's event POSTed to the receiver (server/listener/) reaches the signed-in agent's open
// ticket page through the relay with one toast (the time it took is recorded, not asserted); a cut stream comes back
// by itself and neither loses nor repeats an event (one POSTed while cut is replayed from lastEventId); the receiver
// refuses a POST without a token.
import type { Page } from '@playwright/test';
import { minimalFault } from '../../src/testing/fixtures';
import { en } from '../../src/lib/i18n/en';
import {
  accessToken,
  advanceService,
  agentOne,
  createTicketThroughApi,
  dropStreams,
  expect,
  listenerStats,
  postEvent,
  serviceTicketStatus,
  settings,
  signInAtOverview,
  statusChangeEnvelope,
  test,
  type ServiceChange,
} from '../support/auth-fixtures';

// The mocked service runs without its own timer here (MOCK_ADVANCE_EVERY_MS=0 in playwright.auth.config.ts): only
// the tests move tickets on, so what the page shows and what the service holds never part between two reads.

const statusWords = en.status as Record<string, string>;
const words = (status: string) => statusWords[status] ?? status;

function externalId(prefix: string): string {
  return `E2E-${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
}

/** A fresh ticket created through the service's API, its detail page open and the relay connected. */
async function openFreshTicket(page: Page): Promise<string> {
  await signInAtOverview(page);
  const { id } = await createTicketThroughApi({ ...minimalFault(), externalIdentifier: [{ id: externalId('NOTIFY') }] });
  await page.goto(`/tickets/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${id}`);
  await expect(statusBadge(page)).toHaveText(words(await serviceTicketStatus(id)));
  await expectLive(page);
  return id;
}

const statusBadge = (page: Page) => page.locator('.detail-status .status-badge');
const notificationsButton = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const toastsFor = (page: Page, id: string, status: string) =>
  page.locator('.toast-region').getByText(`Ticket ${id} is now ${words(status)}`, { exact: true });

/** Opens the panel, waits for "Live updates on" and closes it again. */
async function expectLive(page: Page): Promise<void> {
  await notificationsButton(page).click();
  await expect(panel(page).getByRole('status')).toHaveText('Live updates on');
  await page.keyboard.press('Escape');
  await expect(notificationsButton(page)).toHaveAttribute('aria-expanded', 'false');
}

/** Moves the service on and answers the change of ticket `id`. */
async function advanceTicket(id: string): Promise<ServiceChange> {
  const change = (await advanceService()).find((c) => c.resource === 'troubleTicket' && c.id === id);
  if (!change) throw new Error(`POST __mock/advance did not move ticket ${id}`);
  return change;
}

/**
 * POSTs the event of a change with the service's token and answers how long it took until the page showed it. The
 * time is recorded (an annotation), never asserted: on a loaded machine it says nothing about the app.
 */
async function postAndTimeToScreen(page: Page, change: ServiceChange): Promise<number> {
  const started = Date.now();
  const response = await postEvent(statusChangeEnvelope(change));
  expect(response.status, 'the receiver accepts the event').toBe(204);
  await expect(statusBadge(page)).toHaveText(words(change.to));
  return Date.now() - started;
}

/**
 * POSTs an event about another ticket after the ones under test and answers that ticket's id: the relay keeps the
 * order of a stream, so once the page shows this one, any repeat of an earlier event would have arrived before it.
 * (A fixed wait proves nothing.)
 */
async function postMarker(): Promise<string> {
  const other = await createTicketThroughApi({ ...minimalFault(), externalIdentifier: [{ id: externalId('MARKER') }] });
  const created = { resource: 'troubleTicket', id: other.id, from: '', to: other.status, at: new Date().toISOString() } as const;
  expect((await postEvent({ ...statusChangeEnvelope(created), eventType: 'TroubleTicketCreateEvent' })).status).toBe(204);
  return other.id;
}

/** Holds the app's purchases of stream tickets (so it cannot reconnect) until the returned function lets them go. */
async function holdReconnects(page: Page): Promise<() => Promise<void>> {
  const url = `${settings.relayUrl}/stream-tickets`;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handled: Promise<void>[] = [];
  await page.route(url, (route) => {
    const done = released.then(() => route.continue());
    handled.push(done);
    return done;
  });
  return async () => {
    release();
    // Each held purchase is sent on by its own handler first: removing the route while one still waits would send it
    // on twice (Playwright continues what is left when a route goes).
    await Promise.all(handled);
    await page.unroute(url);
  };
}

function recordLatency(label: string, ms: number): void {
  test.info().annotations.push({ type: 'latency', description: `${label}: ${ms} ms` });
  console.log(`latency ${label}: ${ms} ms`);
}

test.beforeEach(() => {
  // Sign-in, a page load, a reconnect and axe in light and dark on a busy 2-core machine.
  test.setTimeout(90_000);
});

test('an event POSTed to the receiver updates the open ticket page, with one toast and one panel entry', async ({ page, axe }) => {
  const id = await openFreshTicket(page);
  const change = await advanceTicket(id);
  recordLatency('POST to status on screen', await postAndTimeToScreen(page, change));

  const toasts = toastsFor(page, id, change.to);
  await expect(toasts).toHaveCount(1);
  // A second look after a later event has come through the same stream: still one.
  await postMarker();
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expect(toasts).toHaveCount(1);

  const button = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await button.focus();
  await page.keyboard.press('Enter');
  const entries = panel(page).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  const entry = entries.filter({ has: page.getByRole('link', { name: `Ticket ${id}` }) });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('link', { name: `Ticket ${id}` })).toHaveAttribute('href', `/tickets/${id}`);
  await expect(entry).toContainText('Ticket status changed');
  await expect(entry).toContainText(`now ${words(change.to)}`);

  // For a person to look at: the page with its toast and the open panel, in real mode.
  await test.info().attach('open panel, real mode', { body: await page.screenshot(), contentType: 'image/png' });
  await axe('notifications panel, real mode, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axe('notifications panel, real mode, dark');
});

test('after the stream is cut it reconnects by itself: an event POSTed while cut and the next one each arrive once', async ({ page }) => {
  const id = await openFreshTicket(page);
  await notificationsButton(page).click();
  const state = panel(page).getByRole('status');
  await expect(state).toHaveText('Live updates on');
  const entries = panel(page).getByRole('listitem');

  // First an event the page has seen, so it has a last event id to resume from (another ticket created elsewhere).
  const other = await createTicketThroughApi({ ...minimalFault(), externalIdentifier: [{ id: externalId('OTHER') }] });
  const created = { resource: 'troubleTicket', id: other.id, from: '', to: other.status, at: new Date().toISOString() } as const;
  expect((await postEvent({ ...statusChangeEnvelope(created), eventType: 'TroubleTicketCreateEvent' })).status).toBe(204);
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Ticket created');

  // The event must reach the receiver while no stream is open: the app's reconnection is held (its stream-ticket
  // purchase waits) until the event has been POSTed, however slowly this machine runs.
  const whileCut = await advanceTicket(id);
  const letReconnect = await holdReconnects(page);
  await dropStreams();
  expect((await listenerStats()).subscribers, 'no stream open after the cut').toBe(0);
  const cutStarted = Date.now();
  expect((await postEvent(statusChangeEnvelope(whileCut))).status).toBe(204);
  // The first retry waits 0.5–1 s (backoff with jitter), then buys a new ticket: held, so the state stays as it is.
  await expect(state).toHaveText(/^Live updates interrupted\. Reconnecting in 1 s/);
  await letReconnect();
  await expect(state).toHaveText('Live updates on');
  await expect(statusBadge(page)).toHaveText(words(whileCut.to));
  recordLatency('POST while cut to status on screen (reconnect wait of 0.5–1 s included)', Date.now() - cutStarted);
  await expect(toastsFor(page, id, whileCut.to)).toHaveCount(1);

  // The next event, POSTed twice by a retrying service (same eventId): relayed once, shown once.
  const next = await advanceTicket(id);
  const envelope = statusChangeEnvelope(next);
  const started = Date.now();
  expect((await postEvent(envelope)).status).toBe(204);
  expect((await postEvent(envelope)).status).toBe(204);
  await expect(statusBadge(page)).toHaveText(words(next.to));
  recordLatency('POST after reconnect to status on screen', Date.now() - started);
  // The open panel lists each event once, newest first: the replay repeated nothing (and the marker came after all).
  const marker = await postMarker();
  await expect(entries.nth(0).getByRole('link', { name: `Ticket ${marker}` })).toBeVisible();
  await expect(toastsFor(page, id, next.to)).toHaveCount(1);
  await expect(toastsFor(page, id, whileCut.to)).toHaveCount(1);
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(1)).toContainText(`Ticket ${id} – now ${words(next.to)}`);
  await expect(entries.nth(2)).toContainText(`Ticket ${id} – now ${words(whileCut.to)}`);
  await expect(entries.nth(3)).toContainText(`Ticket ${other.id}`);
  expect((await listenerStats()).subscribers, 'one stream again, not two').toBe(1);
});

test('the receiver refuses an event without a valid service token with 401 ErrorMessage', async () => {
  const change: ServiceChange = { resource: 'troubleTicket', id: 'TT-000001', from: 'acknowledged', to: 'inProgress', at: new Date().toISOString() };
  const accepted = (await listenerStats()).accepted;
  // An agent's genuine access token is for the API, not for the receiver: refused as well.
  for (const token of [null, 'not-a-jwt', await accessToken(agentOne.username)]) {
    const response = await postEvent(statusChangeEnvelope(change), { token });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ '@type': 'Error', code: 'unauthorized', status: '401' });
  }
  expect((await listenerStats()).accepted, 'nothing accepted').toBe(accepted);
  // Sanity of the relay side too: a stream ticket needs the agent's token.
  const ticket = await fetch(`${settings.relayUrl}/stream-tickets`, { method: 'POST' });
  expect(ticket.status).toBe(401);
});

test('the relay sells stream tickets only for the desk’s own sign-in with the relay scope (decision 0053)', async ({ page }) => {
  const buy = (token: string) => fetch(`${settings.relayUrl}/stream-tickets`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  // Genuine tokens of the provider for the API, but a machine's (another client) or the desk's without the scope.
  for (const claims of [{ client_id: 'billing-batch', scope: 'tickets ttd.relay' }, { scope: 'tickets' }]) {
    const refused = await buy(await accessToken(agentOne.username, { claims }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ '@type': 'Error', code: 'forbidden', status: '403' });
  }
  expect((await buy(await accessToken(agentOne.username, { claims: { scope: 'tickets ttd.relay' } }))).status).toBe(201);
  // The app signed in at the dev provider asks for the scope, gets it, and so its stream opens.
  await signInAtOverview(page);
  await expectLive(page);
});
