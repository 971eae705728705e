/** Finds a ticket by its id or an external identifier: that ticket when exactly one matches, else the filtered list. */
import type { ApiClient } from '../../../api/client';

/**
 * Where a search for `query` leads: `/tickets/<id>` for the one match (by id or by external identifier), otherwise
 * the ticket list filtered by that external identifier, which says "no tickets match" or shows the several. A failed
 * look-up leads to the list too: it shows the failure with Retry, a way forward the header has no room for.
 */
export async function findTicket(api: ApiClient, query: string, signal?: AbortSignal): Promise<string> {
  const text = query.trim();
  const list = `/tickets?externalId=${encodeURIComponent(text)}`;
  try {
    const ask = (filters: Record<string, string>) => api.listTroubleTickets({ filters, fields: ['id'], limit: 2 }, { signal });
    const pages = await Promise.all([ask({ id: text }), ask({ 'externalIdentifier.id': text })]);
    const ids = new Set(pages.flatMap((page) => page.items.map((item) => item.id)));
    return ids.size === 1 ? `/tickets/${encodeURIComponent([...ids][0])}` : list;
  } catch {
    return list;
  }
}
