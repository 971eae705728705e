/**
 * The keys of every query of tickets and cancel orders, generic to specific: each resource's queryOptions factory
 * (src/api/ticket-queries.ts, src/features/cancel-orders/api/queries.ts) takes its keys from here, and what must
 * reach that data without importing the feature that owns it (live updates invalidating, the persisted cache, the
 * offline marker) reads the same keys.
 */

export const ticketKeys = {
  /** Every ticket query (counts, lists, details). */
  all: ['tickets'] as const,
  /** Every count, the overdue one included: a new or changed ticket may change each. */
  counts: () => [...ticketKeys.all, 'counts'] as const,
  overdueCount: () => [...ticketKeys.counts(), 'overdue'] as const,
  /** Prefix of every list query. */
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: <Query>(query: Query) => [...ticketKeys.lists(), query] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
};

export const cancelOrderKeys = {
  /** Every cancel order query (count, lists, details, the open cancellation of a product order). */
  all: ['cancelProductOrders'] as const,
  count: () => [...cancelOrderKeys.all, 'count'] as const,
  lists: () => [...cancelOrderKeys.all, 'list'] as const,
  list: <Query>(query: Query) => [...cancelOrderKeys.lists(), query] as const,
  detail: (id: string) => [...cancelOrderKeys.all, 'detail', id] as const,
  open: (productOrderId: string) => [...cancelOrderKeys.all, 'open', productOrderId] as const,
};
