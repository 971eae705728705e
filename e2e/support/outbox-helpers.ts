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

/**
 * What the persisted query caches hold: agent id → its JSON (IndexedDB, read in the page). Each cache is sealed with its
 * agent's key (decision 0054): opened here with that key, as the app does; one whose key is gone reads as "unreadable".
 */
export function persistedCaches(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty, and the app's store in it would then never be made.
    const existing = new Set((await indexedDB.databases()).map((info) => info.name));
    const all = (name: string, store: string) =>
      new Promise<[IDBValidKey, unknown][]>((resolve, reject) => {
        if (!existing.has(name)) return resolve([]);
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error(`cannot open ${name}`));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const objects = db.transaction(store).objectStore(store);
          const keys = objects.getAllKeys();
          const values = objects.getAll();
          values.onsuccess = () => resolve(keys.result.map((key, index) => [key, values.result[index]]));
        };
      });
    const keys = new Map((await all('trouble-ticket-desk-keys', 'keys')).map(([agent, key]) => [String(agent), key as CryptoKey]));
    const caches: Record<string, string> = {};
    for (const [agent, value] of await all('trouble-ticket-desk-query-cache', 'caches')) {
      const key = keys.get(String(agent));
      if (typeof value === 'string' || !key) {
        caches[String(agent)] = typeof value === 'string' ? value : 'unreadable';
        continue;
      }
      const bytes = value as Uint8Array;
      const plain = await crypto.subtle
        .decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12), additionalData: new TextEncoder().encode(String(agent)) }, key, bytes.slice(12))
        .then((buffer) => new TextDecoder().decode(buffer))
        .catch(() => 'unreadable');
      caches[String(agent)] = plain;
    }
    return caches;
  });
}
