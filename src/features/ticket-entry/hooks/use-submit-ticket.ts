/**
 * Sends the body the form's resolver has already parsed, once (a synchronous guard: a double click sends one request),
 * and acts on what model/outcome.ts makes of the answer: open the ticket, sign in again, look the ticket up after a
 * 409, put a 400's words on the fields, or show the outcome on check answers. Offline, or when the request gets no
 * answer, the ticket goes into the outbox instead (docs/decisions/0038): "Waiting to send", never "created".
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPath, UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { isNetworkError } from '../../../api/errors';
import { useWords } from '../../../lib/i18n/react';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { useApi } from '../../../api/api-context';
import { useCreateTicket } from '../api/create-ticket';
import { config } from '../../../lib/config';
import { putOutboxEntry } from '../../../lib/outbox/store';
import { useSession } from '../../../lib/session';
import { removeDraft, type DraftOrigin, type ServiceErrors } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import { findTicket } from '../api/find-ticket';
import { queuedTicket } from '../model/outbox-ticket';
import { mayHaveCreated, outcomeOfConflict, outcomeOfError, outcomeOfResult, type Outcome, type ShownOutcome } from '../model/outcome';
import { placeInvalidFields } from '../model/service-errors';
import type { Autosave } from './use-autosave';

/**
 * Where the agent comes back to after signing in again (issue 3: "back on the check-answers page"). The run is the
 * draft marked `resumeOnReturn`, so the address needs no draft id (docs/decisions/0032).
 */
export const signInReturn = '/tickets/new?step=check';

/** Where a queued ticket is shown as waiting (the outbox page, with a notice naming it). */
export const outboxPath = '/outbox';

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
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useWords();
  const busy = useRef(false);
  // Set once the service has taken the ticket: the wizard may stay on screen a moment longer (the next page's code on
  // its way), and a press then must not send it again.
  const finished = useRef(false);
  // From the click until the outcome is known (a 409's lookup included): the button stays disabled meanwhile.
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ShownOutcome | null>(null);
  const [serviceMessages, setServiceMessages] = useState<string[]>([]);
  const { mutateAsync } = useCreateTicket();

  const done = useCallback(
    (to: string, state?: { created: true }) => {
      finished.current = true;
      autosave.stop();
      removeDraft(userId, draftId);
      void queryClient.invalidateQueries();
      navigate(to, { state, replace: !state });
    },
    [autosave, draftId, navigate, queryClient, userId],
  );

  /** A 400's words on the fields they name, the rest in the summary, which takes focus. */
  const showRefusal = useCallback(
    ({ invalidFields, message }: ServiceErrors) => {
      const placed = placeInvalidFields(invalidFields, form.getValues());
      for (const { name, error } of placed.fields) form.setError(name as FieldPath<EntryValues>, error);
      if (invalidFields.length === 0) placed.unplaced.push(t('entry.outcome.invalidNoFields', { reason: message ?? '' }));
      setServiceMessages(placed.unplaced);
      onRefused();
    },
    [form, onRefused, t],
  );

  // A run the outbox brought back after the service refused it opens with the service's words on its fields.
  const shownRefusal = useRef(false);
  useEffect(() => {
    if (!serviceErrors || shownRefusal.current) return;
    shownRefusal.current = true;
    showRefusal(serviceErrors);
  }, [serviceErrors, showRefusal]);

  /**
   * Into the outbox instead of sending (offline) or after a send without an answer: the draft gives way to the outbox
   * ticket, and the agent sees it waiting. False when the browser would not store it (the agent keeps the Retry way).
   */
  const queue = useCallback(
    async (body: FaultTicketFvo, unconfirmed: boolean): Promise<boolean> => {
      const ticket = queuedTicket({ userId, draftId, body, values: form.getValues(), origin, unconfirmed }, new Date());
      try {
        await putOutboxEntry(ticket);
      } catch {
        return false;
      }
      finished.current = true;
      autosave.stop();
      removeDraft(userId, draftId);
      navigate(outboxPath, { state: { queued: ticket.externalId } });
      return true;
    },
    [autosave, draftId, form, navigate, origin, userId],
  );

  const act = useCallback(
    async (result: Outcome, externalId: string): Promise<void> => {
      if (mayHaveCreated(result)) setUnconfirmedExternalId(externalId);
      switch (result.kind) {
        case 'created':
          done(`/tickets/${encodeURIComponent(result.ticketId)}`, { created: true });
          return;
        case 'accepted':
          done(`/tickets/new?accepted=${encodeURIComponent(result.externalId)}`);
          return;
        case 'invalid':
          showRefusal({ invalidFields: result.invalidFields, message: result.errorMessage?.message ?? result.errorMessage?.reason });
          return;
        case 'unauthorized':
          // The draft must be on disk before leaving for the identity provider; it brings the agent back here.
          autosave.saveNow({ step: 'check', resumeOnReturn: true });
          setOutcome(result);
          await session.signIn(signInReturn);
          return;
        case 'duplicate':
          // Resolved by send() before it gets here (outcomeOfConflict).
          return;
        default:
          setOutcome(result);
      }
    },
    [autosave, done, session, setUnconfirmedExternalId, showRefusal],
  );

  /** The body as the resolver parsed it (handleSubmit ran the schema once): sent, and the answer acted on. */
  const send = useCallback(
    async (body: FaultTicketFvo) => {
      const externalId = body.externalIdentifier[0]?.id ?? '';
      // Offline: nothing could answer, so nothing is sent; the outbox sends it when the network returns.
      if (!navigator.onLine && (await queue(body, unconfirmedExternalId === externalId))) return;
      let result: Outcome;
      try {
        result = outcomeOfResult(await mutateAsync(body), externalId);
      } catch (error) {
        result = outcomeOfError(error, externalId);
      }
      // No answer: the ticket may exist; the outbox tries again and reads a 409 as "already created". Not in the demo:
      // its service runs in the page, so no answer there is an injected fault, shown with Retry (decision 0024, 0038).
      if (result.kind === 'retry' && isNetworkError(result.error) && !config.demo && (await queue(body, true))) return;
      if (result.kind === 'duplicate') {
        result = outcomeOfConflict(result.externalId, await findTicket(api, result.externalId), unconfirmedExternalId);
      }
      await act(result, externalId);
    },
    [act, api, mutateAsync, queue, unconfirmedExternalId],
  );

  /**
   * Checks the whole form (steps may have been skipped through the address or a Change link) and sends it. The guard
   * is set before anything is awaited, so a second click in the same moment does nothing.
   */
  const submit = useCallback(async () => {
    if (busy.current || finished.current) return;
    busy.current = true;
    setSending(true);
    setOutcome(null);
    setServiceMessages([]);
    try {
      await form.handleSubmit(send, onRefused)();
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [form, onRefused, send]);

  return { submit, outcome, serviceMessages, pending: sending, signIn: () => session.signIn(signInReturn) };
}
