/** The ticket statuses, apart from the schemas: screens that only list them (the overview) need no zod. */

/** In the order of the usual flow, then the side states (decisions.md): screens list them in this order. */
export const ticketStatuses = [
  'acknowledged',
  'inProgress',
  'pending',
  'held',
  'resolved',
  'closed',
  'rejected',
  'cancelled',
  'failed',
] as const;
