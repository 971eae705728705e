// Gateway mode keeps every token out of the browser: after signing in and working (overview, list, detail, a ticket
// created), no page script can read one. The session cookie is HttpOnly (document.cookie is empty); localStorage,
// sessionStorage, every IndexedDB database and the Cache Storage hold no JWT and no refresh token; no response the page
// received carries one; and the page never spoke to a token endpoint itself.
import type { Page } from '@playwright/test';
import { disputeToCheckPage } from '../support/auth-wizard';
import {
  agentOne,
  createdTicket,
  expect,
  newExternalId,
  openOverview,
  refusing,
  settings,
  signInAs,
  test,
} from '../support/gateway-fixtures';

test.use(refusing({ status: 401, url: `${settings.appOrigin}/gateway/session` }));

/** Anything shaped like a JWT (header.payload.signature, base64url, the header starting `{"`). */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/;
/** A token by name, as a token response or a stored user holds it (an opaque refresh token has no shape of its own). */
const TOKEN_WORDS = /refresh_token|access_token|id_token/;
/** Code and styles name tokens in their source (the direct mode's library is precached too): only data is checked by name. */
const CODE = /javascript|css|font|image|wasm/;

/** Everything a script of the app's origin can read: cookies, both storages, IndexedDB and the Cache Storage. */
async function readableByScript(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async (code) => {
    const text = (value: unknown) => {
      try {
        return JSON.stringify(value) ?? String(value);
      } catch {
        return String(value);
      }
    };
    const databases: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const entries = await new Promise<unknown[]>((resolve, reject) => {
          const tx = db.transaction(store, 'readonly');
          const keys = tx.objectStore(store).getAllKeys();
          const values = tx.objectStore(store).getAll();
          tx.oncomplete = () => resolve([keys.result, values.result]);
          tx.onerror = () => reject(tx.error);
        });
        databases.push(`${name}/${store}: ${text(entries)}`);
      }
      db.close();
    }
    const cached: { entry: string; isCode: boolean }[] = [];
    for (const name of await globalThis.caches.keys()) {
      const cache = await globalThis.caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        cached.push({ entry: `${request.url}: ${await response?.text()}`, isCode: new RegExp(code).test(type) || /\.(js|css)$/.test(request.url) });
      }
    }
    return {
      cookie: document.cookie,
      localStorage: text(Object.entries(window.localStorage)),
      sessionStorage: text(Object.entries(window.sessionStorage)),
      indexedDB: databases.join('\n'),
      cachedCode: cached.filter((c) => c.isCode).map((c) => c.entry).join('\n'),
      cachedData: cached.filter((c) => !c.isCode).map((c) => c.entry).join('\n'),
    };
  }, CODE.source);
}

test('no page script can read a token: cookies, storages, IndexedDB, caches and every response body', async ({ page }) => {
  const bodies: { url: string; type: string; text: string }[] = [];
  const reading: Promise<void>[] = [];
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    // Streams never end (the relay); redirects have no body to read.
    if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream') || (response.status() >= 300 && response.status() < 400)) return;
    const type = response.headers()['content-type'] ?? '';
    reading.push(response.text().then((text) => void bodies.push({ url: response.url(), type, text }), () => undefined));
  });

  await page.goto('/');
  await signInAs(page, agentOne);
  await openOverview(page);
  await page.goto('/tickets');
  const first = page.getByRole('table').getByRole('link', { name: /^TT-\d+$/ }).first();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ticket TT-\d+$/);
  await disputeToCheckPage(page, newExternalId('E2E-GW-TOKENS'));
  await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
  await createdTicket(page);

  const readable = await readableByScript(page);
  expect(readable.cookie, 'the session cookie is HttpOnly').toBe('');
  for (const [where, content] of Object.entries(readable)) {
    expect(content, `${where} holds no JWT`).not.toMatch(JWT);
    if (where !== 'cachedCode') expect(content, `${where} holds no token by name`).not.toMatch(TOKEN_WORDS);
  }
  await Promise.all(reading);
  expect(bodies.length, 'responses were read').toBeGreaterThan(10);
  for (const { url, type, text } of bodies) {
    expect(text, `the response of ${url} carries no JWT`).not.toMatch(JWT);
    if (!CODE.test(type)) expect(text, `the response of ${url} carries no token by name`).not.toMatch(TOKEN_WORDS);
  }
  // The tokens are fetched by the gateway, server to server: the page never asked a token endpoint.
  for (const endpoint of [`${settings.issuer}/token`, `${settings.tokenIssuer}/`]) {
    expect(requested.filter((url) => url.startsWith(endpoint)), `the page never called ${endpoint}`).toEqual([]);
  }
});
