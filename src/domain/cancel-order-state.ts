/** The cancellation's states apart from its schemas: the field table and the mocked service's lists need no zod. */
export const cancelOrderStates = ['acknowledged', 'rejected', 'inProgress', 'cancelled', 'done', 'terminatedWithError'] as const;
