/**
 * The roots of the query keys of tickets and cancel orders, shared: the feature that owns a resource builds its
 * queries on them, and live updates (src/features/notifications) invalidate them without importing that feature.
 */

export const ticketKeys = {
  /** Every ticket query (counts, lists, details). */
  all: ['tickets'] as const,
  counts: () => [...ticketKeys.all, 'counts'] as const,
  /** Prefix of every list query; a list's own key adds its ListQuery. */
  lists: () => [...ticketKeys.all, 'list'] as const,
  detail: (id: string) => [...ticketKeys.all, 'detail', id] as const,
};

export const cancelOrderKeys = {
  /** Every cancel order query (count, lists, details, the open cancellation of a product order). */
  all: ['cancelProductOrders'] as const,
  count: () => [...cancelOrderKeys.all, 'count'] as const,
  lists: () => [...cancelOrderKeys.all, 'list'] as const,
  detail: (id: string) => [...cancelOrderKeys.all, 'detail', id] as const,
  open: (productOrderId: string) => [...cancelOrderKeys.all, 'open', productOrderId] as const,
};
