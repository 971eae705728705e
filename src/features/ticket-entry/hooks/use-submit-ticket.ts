/**
 * Sends the body the form's resolver has already parsed, once (a synchronous guard: a double click sends one request),
 * and acts on what model/outcome.ts makes of the answer: open the ticket, sign in again, look the ticket up after a
 * 409, put a 400's words on the fields, or show the outcome on check answers.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { FieldPath, UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { isApiError, isRateLimited, isRetryable } from '../../../api/errors';
import { useWords } from '../../../components/form/use-words';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { removeDraft } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import { mayHaveCreated, outcomeOfConflict, outcomeOfError, outcomeOfResult, type Outcome, type ShownOutcome } from '../model/outcome';
import { placeInvalidFields } from '../model/service-errors';
import type { Autosave } from './use-autosave';

/**
 * Where the agent comes back to after signing in again (issue 3: "back on the check-answers page"). The run is the
 * draft marked `resumeOnReturn`, so the address needs no draft id (docs/decisions/0032).
 */
export const signInReturn = '/tickets/new?step=check';

/** Statuses after which a ticket no longer holds its external id (docs/decisions/0007). */
const finalStatuses = ['closed', 'cancelled', 'rejected', 'failed'];

/** Looking the ticket up after a 409 is a read: tried this often when the service has a passing problem. */
const lookupAttempts = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
};

export function useSubmitTicket(options: Options) {
  const { userId, draftId, autosave, unconfirmedExternalId, setUnconfirmedExternalId, form, onRefused } = options;
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
  const mutation = useMutation({ mutationFn: (body: FaultTicketFvo) => api.createTroubleTicket(body) });
  const { mutateAsync } = mutation;

  /** The open ticket carrying this external id (the one a 409 is about), or undefined when it cannot be found. */
  const findTicket = useCallback(
    async (externalId: string): Promise<string | undefined> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const page = await api.listTroubleTickets({
            filters: { 'externalIdentifier.id': externalId },
            sort: '-creationDate',
            limit: 10,
            fields: ['status'],
          });
          const open = page.items.find((ticket) => !finalStatuses.includes(ticket.status ?? ''));
          return (open ?? page.items[0])?.id;
        } catch (error) {
          // A passing outage (5xx, no answer, 429) must not hide the ticket the agent just created: wait and ask again.
          if (attempt >= lookupAttempts || !(isRetryable(error) || isRateLimited(error))) return undefined;
          const waitSeconds = isApiError(error) ? Math.min(error.retryAfterSeconds ?? 0, 5) : 0;
          await pause(Math.max(waitSeconds * 1000, 500 * attempt));
        }
      }
    },
    [api],
  );

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
        case 'invalid': {
          const placed = placeInvalidFields(result.invalidFields, form.getValues());
          for (const { name, error } of placed.fields) form.setError(name as FieldPath<EntryValues>, error);
          if (result.invalidFields.length === 0) {
            const reason = result.errorMessage?.message ?? result.errorMessage?.reason ?? '';
            placed.unplaced.push(t('entry.outcome.invalidNoFields', { reason }));
          }
          setServiceMessages(placed.unplaced);
          onRefused();
          return;
        }
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
    [autosave, done, form, onRefused, session, setUnconfirmedExternalId, t],
  );

  /** The body as the resolver parsed it (handleSubmit ran the schema once): sent, and the answer acted on. */
  const send = useCallback(
    async (body: FaultTicketFvo) => {
      const externalId = body.externalIdentifier[0]?.id ?? '';
      let result: Outcome;
      try {
        result = outcomeOfResult(await mutateAsync(body), externalId);
      } catch (error) {
        result = outcomeOfError(error, externalId);
      }
      if (result.kind === 'duplicate') {
        result = outcomeOfConflict(result.externalId, await findTicket(result.externalId), unconfirmedExternalId);
      }
      await act(result, externalId);
    },
    [act, findTicket, mutateAsync, unconfirmedExternalId],
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
