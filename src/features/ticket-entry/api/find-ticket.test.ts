// @vitest-environment node
/** The ticket a 409 is about: the newest one still holding the external id; done and completed no longer hold it. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { findTicket } from './find-ticket';

/** A client whose list answers these rows, newest first, as the lookup asks for them. */
function listing(statuses: (string | undefined)[]): ApiClient {
  const items = statuses.map((status, i) => ({ id: `TT-${i + 1}`, ...(status === undefined ? {} : { status }) }));
  return { listTroubleTickets: () => Promise.resolve({ items, totalCount: items.length, resultCount: items.length }) } as unknown as ApiClient;
}

describe('findTicket', () => {
  it.each([
    // [statuses newest first, the ticket found]
    [['done', 'inProgress'], 'TT-2'],
    [['completed', 'closed', 'assessingCancellation'], 'TT-3'],
    [['cancelled', 'resolved'], 'TT-2'],
    [['failed', 'accepted'], 'TT-2'],
    [['rejected', 'someNewStatus'], 'TT-2'],
    [['terminatedWithError', undefined], 'TT-2'],
    [['done', 'completed', 'closed'], 'TT-1'],
  ] as const)('%j -> %s', async (statuses, id) => {
    expect((await findTicket(listing([...statuses]), 'EXT-1'))?.id).toBe(id);
  });
});
