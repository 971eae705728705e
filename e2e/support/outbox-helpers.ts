// Helpers of the real-mode outbox tests: the shell's service worker in control, the service's own record of tickets
// by external id, and what this browser persisted for reading offline.
import type { Page } from '@playwright/test';
import { accessToken, expect } from './auth-fixtures';
import { settings } from './auth-settings';

/**
 * Waits until the shell's worker is active (it registers once the first screen has settled and precaches the build),
 * then reloads so that it controls the page: from then on the app opens offline.
 */
export async function shellInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The tickets the service holds with this external id (its own record, read with a genuine token). */
export async function serviceTicketsWith(externalId: string): Promise<{ id: string }[]> {
  const token = await accessToken('e2e-outbox-check');
  const url = `${settings.apiBase}/troubleTicket?externalIdentifier.id=${encodeURIComponent(externalId)}&limit=50`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, `GET ${url}`).toBe(200);
  return (await response.json()) as { id: string }[];
}

/** What the persisted query caches hold: agent id → its JSON (IndexedDB, read in the page). */
export function persistedCaches(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('trouble-ticket-desk-query-cache');
        open.onerror = () => reject(new Error('cannot open the query cache'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('caches')) return resolve({});
          const store = db.transaction('caches').objectStore('caches');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(Object.fromEntries(keys.result.map((key, index) => [String(key), String(values.result[index])])));
        };
      }),
  );
}
