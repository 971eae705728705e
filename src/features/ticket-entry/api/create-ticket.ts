/**
 * POST /troubleTicket as both the wizard and the outbox send it: the answer read as one outcome
 * (src/api/outcome.ts, src/domain/create-outcome.ts), and a 409 settled here, once, by looking the ticket up
 * (docs/decisions/0008). The wizard's
 * mutation refreshes what a new ticket changes: the lists and the counts, not the tickets already open.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import { useApi } from '../../../api/api-context';
import { outcomeOfError, outcomeOfResult } from '../../../api/outcome';
import { existingTicketOf, settleTicketConflict, type TicketOutcome } from '../../../domain/create-outcome';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { ticketKeys } from '../../../lib/query-keys';
import { findTicket } from './find-ticket';

export type CreateTicket = {
  body: FaultTicketFvo;
  /** An earlier attempt with this external id got no answer: a 409 then most likely means it worked. */
  earlierAttemptMayExist: boolean;
};

/** Sends the body once and says what came of it; never throws (every failure is an outcome). */
export async function createTicket(
  api: ApiClient,
  { body, earlierAttemptMayExist }: CreateTicket,
  wait?: (ms: number) => Promise<unknown>,
): Promise<TicketOutcome> {
  let outcome: TicketOutcome;
  try {
    outcome = outcomeOfResult(await api.createTroubleTicket(body));
  } catch (error) {
    outcome = outcomeOfError(error);
  }
  if (outcome.kind !== 'conflict') return outcome;
  const externalId = body.externalIdentifier[0]?.id ?? '';
  const found = await findTicket(api, externalId, wait);
  return settleTicketConflict(found && existingTicketOf(found), earlierAttemptMayExist);
}

/** A ticket was made (or taken, 202): every list and count may now read differently; a detail shown does not. */
export function refreshAfterCreate(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.counts() }),
  ]).then(() => undefined);
}

export function useCreateTicket() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (create: CreateTicket) => createTicket(api, create),
    onSuccess: (outcome) => {
      if (outcome.kind === 'created' || outcome.kind === 'accepted') void refreshAfterCreate(queryClient);
    },
  });
}
