/**
 * Sends the body the form's resolver has already parsed, once (a synchronous guard: a double click sends one request),
 * and acts on what came of it (api/create-ticket.ts, which has settled a 409 already): open the ticket, sign in again,
 * put a 400's words on the fields (./use-service-refusal.ts), or show the outcome on check answers. Offline, or when
 * the request gets no answer, the ticket goes into the outbox instead (./use-leave-run.ts, docs/decisions/0038):
 * "Waiting to send", never "created".
 */
import { useCallback, useRef, useState } from 'react';
import type { UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { mayHaveCreated, type TicketOutcome } from '../../../domain/create-outcome';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { config } from '../../../lib/config';
import { useSession } from '../../../lib/session';
import { useCreateTicket } from '../api/create-ticket';
import type { DraftOrigin, ServiceErrors } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import type { ShownOutcome } from '../components/submit-panel';
import type { Autosave } from './use-autosave';
import { useLeaveRun } from './use-leave-run';
import { useServiceRefusal } from './use-service-refusal';

/**
 * Where the agent comes back to after signing in again (issue 3: "back on the check-answers page"). The run is the
 * draft marked `resumeOnReturn`, so the address needs no draft id (docs/decisions/0032).
 */
export const signInReturn = '/tickets/new?step=check';

type Options = {
  userId: string;
  /** The wizard run whose draft is removed once the ticket is created or accepted. */
  draftId: string;
  autosave: Autosave;
  /** The external id whose earlier create got no answer, if any (kept in the draft). */
  unconfirmedExternalId: string | undefined;
  setUnconfirmedExternalId(id: string | undefined): void;
  /** The wizard's form: its resolver parses the body on submit, and a 400's words go on its fields. */
  form: {
    getValues: UseFormGetValues<EntryValues>;
    setError: UseFormSetError<EntryValues>;
    handleSubmit: UseFormHandleSubmit<EntryValues, FaultTicketFvo>;
  };
  /** The form or the service refused answers (schema, 400): the error summary takes focus again. */
  onRefused(): void;
  /** Where the run started (kept with a queued ticket, so Change brings it back whole). */
  origin?: DraftOrigin;
  /** The service refused this run when the outbox sent it: its words go on the fields when the run opens. */
  serviceErrors?: ServiceErrors;
};

export function useSubmitTicket(options: Options) {
  const { userId, draftId, autosave, unconfirmedExternalId, setUnconfirmedExternalId, form, onRefused, origin, serviceErrors } = options;
  const session = useSession();
  const busy = useRef(false);
  // From the click until the outcome is known (a 409's look-up included): the button stays disabled meanwhile.
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<ShownOutcome | null>(null);
  const refusal = useServiceRefusal({ form, onRefused, serviceErrors });
  const { show: showRefusal, clear: clearRefusal } = refusal;
  const { finished, leave, queue } = useLeaveRun({ userId, draftId, autosave, getValues: form.getValues, origin });
  const { mutateAsync } = useCreateTicket();

  const act = useCallback(
    async (result: TicketOutcome, externalId: string): Promise<void> => {
      if (mayHaveCreated(result)) setUnconfirmedExternalId(externalId);
      switch (result.kind) {
        case 'created':
          leave(`/tickets/${encodeURIComponent(result.id)}`, { created: true });
          return;
        case 'accepted':
          leave(`/tickets/new?accepted=${encodeURIComponent(externalId)}`);
          return;
        case 'invalid':
          showRefusal({ invalidFields: result.invalidFields, message: result.message ?? result.reason });
          return;
        case 'unauthorized':
          // The draft must be on disk before leaving for the identity provider; it brings the agent back here.
          autosave.saveNow({ step: 'check', resumeOnReturn: true });
          setShown({ outcome: result, externalId });
          await session.signIn(signInReturn);
          return;
        default:
          setShown({ outcome: result, externalId });
      }
    },
    [autosave, leave, session, setUnconfirmedExternalId, showRefusal],
  );

  /** The body as the resolver parsed it (handleSubmit ran the schema once): sent, and the answer acted on. */
  const send = useCallback(
    async (body: FaultTicketFvo) => {
      const externalId = body.externalIdentifier[0]?.id ?? '';
      const earlierAttemptMayExist = unconfirmedExternalId === externalId;
      // Offline: nothing could answer, so nothing is sent; the outbox sends it when the network returns.
      if (!navigator.onLine && (await queue(body, earlierAttemptMayExist))) return;
      const result = await mutateAsync({ body, earlierAttemptMayExist });
      // No answer: the ticket may exist; the outbox tries again and reads a 409 as "already created". Not in the demo:
      // its service runs in the page, so no answer there is an injected fault, shown with Retry (decision 0024, 0038).
      if (result.kind === 'unavailable' && result.status === undefined && !config.demo && (await queue(body, true))) return;
      await act(result, externalId);
    },
    [act, mutateAsync, queue, unconfirmedExternalId],
  );

  /**
   * Checks the whole form (steps may have been skipped through the address or a Change link) and sends it. The guard
   * is set before anything is awaited, so a second click in the same moment does nothing.
   */
  const submit = useCallback(async () => {
    if (busy.current || finished.current) return;
    busy.current = true;
    setSending(true);
    setShown(null);
    clearRefusal();
    try {
      await form.handleSubmit(send, onRefused)();
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [clearRefusal, finished, form, onRefused, send]);

  return { submit, shown, serviceMessages: refusal.messages, pending: sending, signIn: () => session.signIn(signInReturn) };
}
