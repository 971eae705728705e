// Live updates in the built demo: a status change of the ticket on screen updates its detail page with one toast (the
// time it took is recorded, not asserted), the panel lists it (keyboard, Escape), a cut stream resumes without
// repeats, and axe passes on the open panel.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { advance, dropStreams, emitMarker, statusWords, ticketMovedByFirstAdvance, waitForLive } from './support/demo-events';
import { switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';
import { recordTexts } from './support/texts';

test.describe('notifications', () => {
  test.beforeEach(async ({ page }) => {
    // Two page loads, a reconnect and axe on a full detail page: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await switchOffDemoProgression(page);
  });

  test('a status change of the ticket on screen updates it, with exactly one toast and a panel entry', async ({ page, axe }) => {
    const change = await ticketMovedByFirstAdvance(page);
    await page.goto(`/tickets/${change.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${change.id}`);
    const badge = page.locator('.detail-status .status-badge');
    await expect(badge).toHaveText(statusWords[change.from] ?? 'Acknowledged');
    await waitForLive(page);

    const started = Date.now();
    const moved = await advance(page);
    expect(moved).toContainEqual(expect.objectContaining({ id: change.id, to: change.to }));
    await expect(badge).toHaveText(statusWords[change.to]);
    test.info().annotations.push({ type: 'latency', description: `change to status on screen: ${Date.now() - started} ms` });

    const toastTitle = `Ticket ${change.id} is now ${statusWords[change.to]}`;
    const toasts = page.locator('.toast-region').getByText(toastTitle, { exact: true });
    await expect(toasts).toHaveCount(1);
    // A second look after a later event has come through the same stream: still one.
    const unread = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    const before = Number(/(\d+) unread/.exec((await unread.getAttribute('aria-label')) ?? '')?.[1]);
    expect(before, 'the unread count before the marker').toBeGreaterThan(0);
    await emitMarker(page);
    await expect(page.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
    await expect(toasts).toHaveCount(1);

    const button = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(button).toBeVisible();
    await button.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const entry = panel.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Ticket ${change.id}` }) });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(`Ticket status changed`);
    await expect(entry).toContainText(`now ${statusWords[change.to]}`);
    await expect(entry.locator('time')).toHaveText(/\d{2}:\d{2} CES?T$/);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    await axe('notifications panel, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await axe('notifications panel, dark');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();
  });

  test('after the stream is cut, the app reconnects and the next event arrives once', async ({ page }) => {
    const change = await ticketMovedByFirstAdvance(page);
    await page.goto(`/tickets/${change.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ticket ${change.id}`);
    await waitForLive(page);

    const button = page.getByRole('button', { name: /^Notifications/ });
    await button.click();
    const region = page.getByRole('region', { name: 'Notifications' });
    const state = region.getByRole('status');
    await expect(state).toHaveText('Live updates on');
    const states = await recordTexts(region, '[role="status"]');
    expect(await dropStreams(page)).toBe(1);
    // The first retry waits 0.5–1 s (backoff with jitter), with a new ticket and the last event id. The countdown may
    // last less than one look of a wait: the record of what the status said is checked instead.
    const interruptedThenLive = async () => {
      const said = await states();
      const cut = said.findIndex((text) => /^Live updates interrupted\. Reconnecting in 1 s/.test(text));
      return cut >= 0 && said.slice(cut + 1).includes('Live updates on');
    };
    await expect.poll(interruptedThenLive, { message: 'the status said "interrupted", then "on" again' }).toBe(true);
    await expect(state).toHaveText('Live updates on');
    await page.keyboard.press('Escape');
    await advance(page);
    await expect(page.locator('.detail-status .status-badge')).toHaveText(statusWords[change.to]);
    await expect(page.locator('.toast-region').getByText(`Ticket ${change.id} is now ${statusWords[change.to]}`)).toHaveCount(1);
    await button.click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: `Ticket ${change.id}` })).toHaveCount(1);
  });

  test('a reload while the connection is still loading sends nothing past the demo service', async ({ page, baseURL }) => {
    // A proxy in front of the demo holds the connection's chunk until the reload has begun (beforeunload: the mocked
    // service lets go of the leaving page), and holds the new document a moment, as a busy machine or network does.
    let releaseChunk = () => {};
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    let documents = 0;
    let chunkAsked = false;
    const upstream = new URL(baseURL!);
    const proxy = http.createServer((request, response) => {
      void (async () => {
        const path = request.url ?? '/';
        if (/\/live-updates-[^/]*\.js$/.test(path)) {
          chunkAsked = true;
          await chunkHeld;
        }
        if (path.startsWith('/tickets/new') && ++documents === 2) {
          releaseChunk();
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
        const forward = http.request(
          { host: upstream.hostname, port: upstream.port, path, method: request.method, headers: request.headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        request.pipe(forward);
      })();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const pastTheDemo: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/relay') && !response.fromServiceWorker()) pastTheDemo.push(response.url());
      });
      await page.goto(`${origin}/tickets/new`);
      await expect(page.getByRole('heading', { name: /Ticket$/, level: 2 })).toBeVisible();
      await expect.poll(() => chunkAsked, { message: 'the page asked for the connection chunk' }).toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: /Ticket$/, level: 2 })).toBeVisible();
      // After the reload the new page connects through the demo service.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveText('Live updates on');
      expect(pastTheDemo, 'relay requests that reached the static server').toEqual([]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
