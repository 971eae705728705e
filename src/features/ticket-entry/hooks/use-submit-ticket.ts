/**
 * Sends the ticket once (a synchronous guard: a double click sends one request) and turns every declared outcome of
 * POST /troubleTicket (interface.md 4.1, docs/decisions/0008) into what the agent sees next.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ErrorMessage, InvalidField } from '../../../domain/error';
import type { FaultTicketFvo } from '../../../domain/ticket';
import {
  isApiError,
  isConflict,
  isForbidden,
  isNetworkError,
  isRateLimited,
  isResponseFormatError,
  isRetryable,
  isUnauthorized,
} from '../../../api/errors';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { removeDraft } from '../model/draft';
import type { Autosave } from './use-autosave';

export type Outcome =
  | { kind: 'invalid'; messages: string[] }
  | { kind: 'conflict'; externalId: string; ticketId?: string }
  /** A 409 after an attempt that got no answer, when the ticket could not be looked up: ours, most likely. */
  | { kind: 'unconfirmed'; externalId: string }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'retry'; error: unknown }
  | { kind: 'unsupported'; error: unknown }
  | { kind: 'unreadable'; error: unknown; externalId: string };

/** Where the agent comes back to after signing in again (issue 3: "back on the check-answers page"). */
export const signInReturn = '/tickets/new?step=check';

/** Statuses after which a ticket no longer holds its external id (docs/decisions/0007). */
const finalStatuses = ['closed', 'cancelled', 'rejected', 'failed'];

/** Looking the ticket up after a 409 is a read: tried this often when the service has a passing problem. */
const lookupAttempts = 3;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Options = {
  userId: string;
  autosave: Autosave;
  /** The external id whose earlier create got no answer, if any (kept in the draft). */
  unconfirmedExternalId: string | undefined;
  setUnconfirmedExternalId(id: string | undefined): void;
  /** A 400: put the named fields' errors on the form; returns the words it could not place on a field. */
  placeInvalidFields(fields: InvalidField[], errorMessage: ErrorMessage | undefined): string[];
};

export function useSubmitTicket(options: Options) {
  const { userId, autosave, unconfirmedExternalId, setUnconfirmedExternalId, placeInvalidFields } = options;
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const busy = useRef(false);
  const [validating, setValidating] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
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
      autosave.stop();
      removeDraft(userId);
      void queryClient.invalidateQueries();
      navigate(to, { state, replace: !state });
    },
    [autosave, navigate, queryClient, userId],
  );

  const fail = useCallback(
    async (error: unknown, externalId: string) => {
      if (isConflict(error)) {
        const ticketId = await findTicket(externalId);
        // The earlier attempt got no answer but did create the ticket: go to it, never create a second one.
        if (unconfirmedExternalId === externalId) {
          if (ticketId) {
            done(`/tickets/${encodeURIComponent(ticketId)}`, { created: true });
            return;
          }
          setOutcome({ kind: 'unconfirmed', externalId });
          return;
        }
        setOutcome({ kind: 'conflict', externalId, ticketId });
      } else if (isUnauthorized(error)) {
        // The draft must be on disk before leaving for the identity provider; it brings the agent back here.
        autosave.saveNow({ step: 'check', resumeOnReturn: true });
        setOutcome({ kind: 'unauthorized' });
        await session.signIn(signInReturn);
      } else if (isForbidden(error)) {
        setOutcome({ kind: 'forbidden' });
      } else if (isApiError(error) && error.status === 400) {
        setOutcome({ kind: 'invalid', messages: placeInvalidFields(error.invalidFields, error.errorMessage) });
      } else if (isRateLimited(error)) {
        // 429: the service took nothing; Retry after the time it names (shown with the outcome).
        setOutcome({ kind: 'retry', error });
      } else if (isRetryable(error)) {
        // No answer, or a failure after which the service may still have created it (not 503: it did not take it).
        if (isNetworkError(error) || (isApiError(error) && error.status !== 503)) setUnconfirmedExternalId(externalId);
        setOutcome({ kind: 'retry', error });
      } else if (isResponseFormatError(error)) {
        setUnconfirmedExternalId(externalId);
        setOutcome({ kind: 'unreadable', error, externalId });
      } else {
        setOutcome({ kind: 'unsupported', error });
      }
    },
    [autosave, done, findTicket, placeInvalidFields, session, setUnconfirmedExternalId, unconfirmedExternalId],
  );

  /**
   * `validate` runs the full schema and returns the body, or undefined when the form shows errors. The guard is set
   * before anything is awaited, so a second click in the same moment does nothing.
   */
  const submit = useCallback(
    async (validate: () => Promise<FaultTicketFvo | undefined>) => {
      if (busy.current) return;
      busy.current = true;
      setValidating(true);
      setOutcome(null);
      try {
        const body = await validate();
        if (!body) return;
        const externalId = body.externalIdentifier[0]?.id ?? '';
        try {
          const result = await mutateAsync(body);
          if (result.status === 201) done(`/tickets/${encodeURIComponent(result.resource.id)}`, { created: true });
          else done(`/tickets/new?accepted=${encodeURIComponent(externalId)}`);
        } catch (error) {
          await fail(error, externalId);
        }
      } finally {
        busy.current = false;
        setValidating(false);
      }
    },
    [done, fail, mutateAsync],
  );

  return { submit, outcome, pending: validating || mutation.isPending, signIn: () => session.signIn(signInReturn) };
}
