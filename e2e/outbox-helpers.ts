// Helpers of the real-mode outbox tests: the shell's service worker in control, a dispute up to "Check your answers",
// the service's own record of tickets by external id, and what this browser persisted for reading offline.
import type { Page } from '@playwright/test';
import { accessToken, expect } from './auth-fixtures';
import { settings } from './auth-settings';

export const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });
export const newExternalId = (prefix = 'E2E-OUTBOX') => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** A dispute up to "Check your answers" (the shortest valid ticket), from an empty wizard. */
export async function disputeToCheckPage(page: Page, externalId: string): Promise<void> {
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Dispute' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(externalId);
  await main.getByRole('textbox', { name: 'Disputed ticket ID' }).fill('TT-000010');
  await main.getByRole('textbox', { name: 'Dispute reason (optional)' }).fill('The line still drops every evening.');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Agreements')).toBeVisible();
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-BSA-2019-0042');
  for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
}

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
