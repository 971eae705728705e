/**
 * The persisted query cache on a shared desk (decision 0054): IndexedDB holds it sealed, the agent's next page reads it
 * back, and after sign-out (key and cache deleted) nothing is left that could be opened.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { forgetKey, unseal } from './crypto-store';
import { closePersistedQueries, persistQueries } from './query-persistence';
import { ticketKeys } from './query-keys';

const raw = (userId: string) => get<unknown>(userId, createStore('trouble-ticket-desk-query-cache', 'caches'));
const ticket = { id: 'TT-1', relatedParty: [{ partyOrPartyRole: { familyName: 'Müller', phone: '+49 30 1234567' } }] };

describe('the persisted query cache', () => {
  it('is stored sealed, restored for its agent, and unreadable after sign-out', async () => {
    const userId = 'cache-agent';
    const first = new QueryClient();
    first.setQueryData(ticketKeys.detail('TT-1'), ticket);
    const persistence = persistQueries(first, userId);
    await persistence.restored;
    await waitFor(async () => expect(await raw(userId)).toBeDefined(), { timeout: 3000 });
    persistence.stop();
    const stored = await raw(userId);
    expect(ArrayBuffer.isView(stored)).toBe(true);
    expect(new TextDecoder().decode(stored as Uint8Array)).not.toContain('Müller');

    const next = new QueryClient();
    const again = persistQueries(next, userId);
    await again.restored;
    again.stop();
    expect(next.getQueryData(ticketKeys.detail('TT-1'))).toEqual(ticket);

    await forgetKey(userId);
    await closePersistedQueries();
    expect(await raw(userId)).toBeUndefined();
    await expect(unseal(userId, stored as Uint8Array)).rejects.toThrow(/cannot be decrypted/);
  });
});
