/**
 * How a submitted wizard run ends: the service has the ticket (its page, or the accepted notice), or the ticket waits
 * in the outbox (docs/decisions/0038). Either way the autosave stops, the draft goes, and the run is finished: the
 * wizard may stay on screen a moment longer (the next page's code on its way), and a press then sends nothing.
 */
import { useCallback, useRef } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { putOutboxEntry } from '../../../lib/outbox/store';
import { removeDraft, type DraftOrigin } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import { queuedTicket } from '../model/outbox-ticket';
import type { Autosave } from './use-autosave';

/** Where a queued ticket is shown as waiting (the outbox page, with a notice naming it). */
export const outboxPath = '/outbox';

type Options = {
  userId: string;
  draftId: string;
  autosave: Autosave;
  getValues: UseFormGetValues<EntryValues>;
  /** Where the run started (kept with a queued ticket, so Change brings it back whole). */
  origin?: DraftOrigin;
};

export function useLeaveRun({ userId, draftId, autosave, getValues, origin }: Options) {
  const navigate = useNavigate();
  const finished = useRef(false);

  const finish = useCallback(() => {
    finished.current = true;
    autosave.stop();
    removeDraft(userId, draftId);
  }, [autosave, draftId, userId]);

  /** The service has it: on to `to` (the ticket's page says "created" when `state` says so). */
  const leave = useCallback(
    (to: string, state?: { created: true }) => {
      finish();
      navigate(to, { state, replace: !state });
    },
    [finish, navigate],
  );

  /**
   * Into the outbox (offline, or a send without an answer): the draft gives way to the outbox ticket, and the agent
   * sees it waiting. False when the browser would not store it (the agent keeps the Retry way).
   */
  const queue = useCallback(
    async (body: FaultTicketFvo, unconfirmed: boolean): Promise<boolean> => {
      const ticket = queuedTicket({ userId, draftId, body, values: getValues(), origin, unconfirmed }, new Date());
      try {
        await putOutboxEntry(ticket);
      } catch {
        return false;
      }
      finish();
      navigate(outboxPath, { state: { queued: ticket.externalId } });
      return true;
    },
    [draftId, finish, getValues, navigate, origin, userId],
  );

  return { finished, leave, queue };
}
