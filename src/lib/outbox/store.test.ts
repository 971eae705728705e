// @vitest-environment node
/**
 * The outbox on a shared desk (decision 0054): what IndexedDB holds is ciphertext, an unsent ticket is gone once the
 * keeping time has passed (never sent), and after sign-out nothing of it is left that anyone could open.
 */
import 'fake-indexeddb/auto';
import { createStore, entries } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingTicket } from '../../testing/pending-ticket';
import { forgetKey, unseal } from '../crypto-store';
import { forgetOutbox, getOutboxEntry, keepMs, listOutbox, putOutboxEntry, tidyOutbox } from './store';

let agents = 0;
const newAgent = () => `store-agent-${(agents += 1)}`;
const QUEUED_AT = new Date('2026-12-01T09:00:00Z');
const secret = 'Herr Müller, +49 30 1234567, Gartenweg 3';

/** Everything the outbox's database holds for this agent, as a script on the page could read it. */
async function rawOf(userId: string): Promise<unknown[]> {
  const all = await entries(createStore('trouble-ticket-desk-outbox', 'items'));
  return all.filter(([key]) => Array.isArray(key) && key[0] === userId).map(([, value]) => value);
}

const bytesAsText = (value: unknown) => new TextDecoder().decode((value as { data: Uint8Array }).data);

afterEach(() => {
  vi.useRealTimers();
});

function queue(userId: string, externalId = 'EXT-SHARED') {
  return putOutboxEntry(pendingTicket({ userId, externalId, queuedAt: QUEUED_AT.toISOString(), values: { description: secret } }));
}

describe('the outbox store on a shared desk', () => {
  it('keeps entries sealed: the stored record holds no answer in the clear, and opens only with the agent’s key', async () => {
    const userId = newAgent();
    await queue(userId);
    const [raw] = await rawOf(userId);
    expect(JSON.stringify(raw)).not.toContain('Müller');
    expect(bytesAsText(raw)).not.toContain('Müller');
    expect(await unseal(userId, (raw as { data: Uint8Array }).data)).toContain('Müller');
    await expect(unseal(newAgent(), (raw as { data: Uint8Array }).data)).rejects.toThrow(/cannot be decrypted/);
  });

  it.each([
    ['a minute before the keeping time ends, it is still there', -60_000, 1],
    ['a minute after it, it is gone, and removed from the browser at start', 60_000, 0],
  ])('%s', async (_name, offset, left) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(QUEUED_AT);
    const userId = newAgent();
    await queue(userId);
    vi.setSystemTime(QUEUED_AT.getTime() + keepMs() + offset);
    expect(await listOutbox(userId)).toHaveLength(left);
    expect(Boolean(await getOutboxEntry(userId, 'run-EXT-SHARED'))).toBe(left === 1);
    expect(await tidyOutbox(userId)).toBe(1 - left);
    expect(await rawOf(userId)).toHaveLength(left);
  });

  it('after sign-out (the key and the entries deleted) nothing is left, and what was copied before cannot be opened', async () => {
    const userId = newAgent();
    const other = newAgent();
    await queue(userId);
    await queue(other, 'EXT-OTHER');
    const [copied] = await rawOf(userId);
    await forgetKey(userId);
    await forgetOutbox(userId);
    expect(await rawOf(userId)).toEqual([]);
    expect(await listOutbox(userId)).toEqual([]);
    await expect(unseal(userId, (copied as { data: Uint8Array }).data)).rejects.toThrow(/cannot be decrypted/);
    // Another agent's outbox at the same desk is theirs, under their own key.
    expect(await listOutbox(other)).toEqual([expect.objectContaining({ externalId: 'EXT-OTHER' })]);
  });

  it('an entry whose key is gone is unreadable and removed at start', async () => {
    const userId = newAgent();
    await queue(userId);
    await forgetKey(userId);
    expect(await listOutbox(userId)).toEqual([]);
    await tidyOutbox(userId);
    expect(await rawOf(userId)).toEqual([]);
  });
});
