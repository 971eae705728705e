/**
 * Drafts on a shared desk (decision 0054): localStorage holds them sealed, the next page of the agent opens them,
 * a draft not saved within the keeping time is removed at start, and after sign-out what is left cannot be opened.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineKeepMs } from './config';
import { forgetOfflineData } from './crypto-store-forget';
import { unsealText } from './crypto-store';
import { readSealed, removeExpiredDrafts, sealed, writeSealed } from './sealed-storage';
import { readPreference, userKey, writePreference } from './storage';

const secret = { values: { description: 'Frau Schmidt, +49 30 7654321, kein Sync seit 06:00' } };
const SAVED_AT = new Date('2026-12-01T09:00:00Z');
let agents = 0;
const newAgent = () => `draft-agent.${(agents += 1)}`;
const keyOf = (userId: string) => userKey(userId, 'ticket-draft.run1');

/** A new page of the same browser: this module's memory is gone, localStorage and IndexedDB stay. */
async function nextPage() {
  vi.resetModules();
  return import('./sealed-storage');
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('sealed drafts', () => {
  it('are stored as ciphertext, read at once by this page, and opened by the next one', async () => {
    const userId = newAgent();
    expect(writeSealed(userId, keyOf(userId), secret)).toBe(true);
    expect(readSealed(keyOf(userId))).toEqual(secret);
    await sealed();
    const raw = readPreference(keyOf(userId));
    expect(raw).toMatch(/^sealed1:\d+:/);
    expect(raw).not.toContain('Schmidt');

    const page = await nextPage();
    expect(page.readSealed(keyOf(userId))).toBeNull();
    await page.openSealed(userId);
    expect(page.readSealed(keyOf(userId))).toEqual(secret);
  });

  it.each([
    ['a minute before the keeping time ends: kept', -60_000, true],
    ['a minute after it: removed at start', 60_000, false],
  ])('a draft last saved %s', async (_name, offset, kept) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SAVED_AT);
    const userId = newAgent();
    writeSealed(userId, keyOf(userId), secret);
    await sealed();
    vi.setSystemTime(SAVED_AT.getTime() + offlineKeepMs() + offset);
    removeExpiredDrafts();
    expect(readPreference(keyOf(userId)) !== null).toBe(kept);
    expect(readSealed(keyOf(userId)) !== null).toBe(kept);
  });

  it('a draft stored before sealing (plain JSON) expires by its own savedAt', () => {
    const userId = newAgent();
    writePreference(keyOf(userId), JSON.stringify({ ...secret, savedAt: new Date(Date.now() - offlineKeepMs() - 60_000).toISOString() }));
    removeExpiredDrafts();
    expect(readPreference(keyOf(userId))).toBeNull();
  });

  it('a change the last page could not seal before a reload is taken from the tab’s rescue, sealed, and the rescue removed', async () => {
    const userId = newAgent();
    // What a page leaves when it goes mid-sealing: the key's marker, and the value in this tab's sessionStorage.
    writePreference(keyOf(userId), `sealed1:${Date.now()}:`);
    window.sessionStorage.setItem(`trouble-ticket-desk.unsealed.${keyOf(userId)}`, JSON.stringify(secret));
    const page = await nextPage();
    await page.openSealed(userId);
    expect(page.readSealed(keyOf(userId))).toEqual(secret);
    await page.sealed();
    expect(window.sessionStorage.length).toBe(0);
    expect(readPreference(keyOf(userId))).toMatch(/^sealed1:\d+:.{40,}$/);
    expect(readPreference(keyOf(userId))).not.toContain('Schmidt');
  });

  it('after sign-out nothing is left, and a copy taken before cannot be opened: its key is gone', async () => {
    const userId = newAgent();
    writeSealed(userId, keyOf(userId), secret);
    await sealed();
    const copied = readPreference(keyOf(userId))!;
    window.sessionStorage.setItem(`trouble-ticket-desk.unsealed.${keyOf(userId)}`, JSON.stringify(secret));
    await forgetOfflineData(userId);
    expect(readPreference(keyOf(userId))).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(readSealed(keyOf(userId))).toBeNull();
    // A late autosave of the page that is leaving stores nothing.
    writeSealed(userId, keyOf(userId), secret);
    await sealed();
    expect(readPreference(keyOf(userId))).toBeNull();

    await expect(unsealText(userId, copied.split(':')[2]!)).rejects.toThrow(/cannot be decrypted/);
    const page = await nextPage();
    writePreference(keyOf(userId), copied);
    await page.openSealed(userId);
    expect(page.readSealed(keyOf(userId))).toBeNull();
    expect(readPreference(keyOf(userId))).toBeNull();
  });

});
