/**
 * The first step into the offline layer and the outbox's route, a chunk with no imports of its own: the first screen
 * then names one small file for both instead of their dozens of files (each name costs the first screen's budget,
 * docs/decisions/0026).
 */
export const loadOfflineArea = async () => (await import('./offline-area')).OfflineArea;
export const loadOutboxRoute = async () => ({ Component: (await import('../routes/outbox-route')).OutboxRoute });
