/** Test support: a pending outbox ticket as the wizard queues it, with the changes a test needs. */
import type { FaultTicketFvo } from '../domain/ticket';
import { outboxVersion, type PendingTicket } from '../lib/outbox/types';

export function pendingTicket(changes: Partial<PendingTicket> = {}): PendingTicket {
  const externalId = changes.externalId ?? 'EXT-1';
  return {
    version: outboxVersion,
    userId: 'agent-1',
    id: `run-${externalId}`,
    externalId,
    ticketType: 'fault',
    queuedAt: '2026-03-02T10:40:00.000Z',
    state: 'waiting',
    body: { ticketType: 'fault', externalIdentifier: [{ id: externalId }] } as unknown as FaultTicketFvo,
    values: {},
    attempts: 0,
    nextAttemptAt: 0,
    unconfirmed: false,
    inFlight: false,
    ...changes,
  };
}
