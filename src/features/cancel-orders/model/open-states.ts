/** Open cancellations block a second one for the same product order (409, docs/decisions/0011). */
export const openCancelOrderStates = ['acknowledged', 'inProgress'] as const;
