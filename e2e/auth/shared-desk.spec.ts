// A shared desk (issue 29, decision 0054), in real mode: an agent leaves a draft, a ticket waiting in the outbox and a
// ticket read into the persisted cache; sign-out names the draft and the waiting ticket, and afterwards nothing the agent
// typed can be found anywhere in localStorage, sessionStorage or IndexedDB (read from the page), and no key is left to
// open what remains. (Real mode, not the demo config: the demo has no sign-out.)
import type { Page } from '@playwright/test';
import { agentOne, expect, signInAtOverview, test } from '../support/auth-fixtures';
import { settings } from '../support/auth-settings';
import { disputeToCheckPage, newExternalId, stepHeading } from '../support/auth-wizard';
import { shellInControl } from '../support/outbox-helpers';

// The network is cut on purpose (the ticket must stay in the outbox).
test.use({ expectedNoAnswers: true });

/**
 * Everything this origin keeps in the browser, as text: every Web Storage entry and every value of every object store
 * of every IndexedDB database. Bytes are decoded as UTF-8 and as Latin-1, so text hidden in a buffer is found too.
 */
function everythingStored(page: Page): Promise<{ text: string; keyCount: number; databases: string[] }> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const bytesText = (bytes: Uint8Array) => `${new TextDecoder().decode(bytes)} ${Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')}`;
    const asText = (value: unknown): string => {
      if (value instanceof ArrayBuffer) return bytesText(new Uint8Array(value));
      if (ArrayBuffer.isView(value)) return bytesText(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      if (typeof value === 'object' && value !== null) return Object.entries(value).map(([key, inner]) => `${key}:${asText(inner)}`).join(' ');
      return String(value);
    };
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)!;
        parts.push(key, storage.getItem(key) ?? '');
      }
    }
    let keyCount = 0;
    const databases = (await indexedDB.databases()).map((info) => info.name!).filter(Boolean);
    for (const name of databases) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(`cannot open ${name}`));
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const [keys, values] = await new Promise<[IDBValidKey[], unknown[]]>((resolve, reject) => {
          const objects = db.transaction(store).objectStore(store);
          const allKeys = objects.getAllKeys();
          const all = objects.getAll();
          all.onsuccess = () => resolve([allKeys.result, all.result]);
          all.onerror = () => reject(new Error(`cannot read ${name}/${store}`));
        });
        if (name === 'trouble-ticket-desk-keys') keyCount += keys.length;
        parts.push(...keys.map(asText), ...values.map(asText));
      }
      db.close();
    }
    return { text: parts.join('\n'), keyCount, databases };
  });
}

test('after sign-out nothing the agent typed is left in localStorage, sessionStorage or IndexedDB, and no key', async ({ page, context }) => {
  test.setTimeout(120_000);
  const draftId = newExternalId('E2E-DESK-DRAFT');
  const draftText = `Frau Lindqvist ruft aus Zimmer ${Date.now().toString(36)} an`;
  const queuedId = newExternalId('E2E-DESK-QUEUED');
  await signInAtOverview(page);

  // A ticket read: it goes into the persisted query cache.
  await page.goto('/tickets/TT-000010');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket TT-000010');
  // The shell's worker in control: the outbox's code loads while offline.
  await shellInControl(page);

  // A draft, kept over a reload.
  await page.goto('/tickets/new');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Fault' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(draftId);
  await main.getByRole('textbox', { name: 'Description (optional)' }).fill(draftText);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You have an unfinished ticket' })).toBeVisible();
  await expect(main).toContainText(draftId);

  // A ticket queued while offline, which stays unsent: its sends get no answer.
  await disputeToCheckPage(page, queuedId);
  await context.setOffline(true);
  await main.getByRole('button', { name: 'Create dispute ticket' }).click();
  await expect(main).toContainText(`Ticket ${queuedId} is waiting to send`);
  await page.route(`${settings.apiBase}/troubleTicket`, (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await context.setOffline(false);

  // Sealed even while signed in: the key exists and the typed text is not in the clear (sealing runs in the
  // background after each save, so wait for it rather than read once).
  await expect.poll(async () => (await everythingStored(page)).keyCount).toBeGreaterThan(0);
  await expect.poll(async () => (await everythingStored(page)).text).not.toContain(draftText);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard your unsent tickets and sign out?' });
  await expect(dialog).toContainText('You have a ticket that has not been sent yet.');
  await expect(dialog.getByRole('listitem')).toHaveText([`Ticket ${queuedId}`]);
  await dialog.getByRole('button', { name: 'Discard and sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign out of the test sign-in service?');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

  const after = await everythingStored(page);
  for (const typed of [draftId, draftText, queuedId, 'The line still drops every evening.', 'RV-BSA-2019-0042']) {
    expect(after.text, `"${typed}" is still stored`).not.toContain(typed);
  }
  expect(after.keyCount).toBe(0);
  expect(after.text).not.toContain(`user.${agentOne.username}.ticket-draft`);

  // Signing in again finds no draft and an empty outbox.
  await signInAtOverview(page);
  await expect(page.getByRole('main').getByRole('region', { name: 'Unsent tickets' })).toHaveCount(0);
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
});
