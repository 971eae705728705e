/**
 * Sends a cancellation once per press, and copes with the answers: a 409 looks up the cancellation under way (its id
 * and state become the outcome's), a 429 waits as Retry-After says and sends again by itself exactly once; every
 * other outcome is handed to the page to show.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { outcomeOfError, outcomeOfResult } from '../../../api/outcome';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { existingCancellationOf, mayHaveCreated, type CancellationOutcome } from '../../../domain/create-outcome';
import { useCreateCancelOrder } from '../api/create-cancel-order';
import * as cancelOrderQueries from '../api/queries';

/** A 429 without a usable Retry-After waits this long before its one automatic retry. */
export const DEFAULT_RETRY_AFTER_SECONDS = 10;
/** A longer wait is not sat out on screen: the agent is told until when, and sends again themselves. */
export const MAX_AUTOMATIC_WAIT_SECONDS = 120;

export type SendState =
  | { phase: 'idle' }
  | { phase: 'sending'; automatic: boolean }
  /** Waiting for the automatic retry after a 429: it is sent at `until` (epoch ms). */
  | { phase: 'waiting'; until: number; seconds: number }
  /** The agent stopped the wait for the automatic retry: nothing was sent. */
  | { phase: 'stopped' }
  | {
      phase: 'done';
      result: CancellationOutcome;
      /** This answer came to the automatic retry (a second 429 means: stop). */
      automatic: boolean;
      /** An earlier attempt got no usable answer, so it may have reached the service (a 409 is then likely ours). */
      earlierAttemptLost: boolean;
      /** For a 429 not waited out: when the service said sending may succeed (epoch ms). */
      retryAt?: number;
    };

type Options = {
  /** 201: called only while the page is still open (it navigates to the new cancellation). */
  onCreated(created: { id: string }): void;
  /** 201 or 202, even after the page was left: the draft has done its job. */
  onSent(): void;
  /** 202: accepted, created later (called only while the page is still open). */
  onAccepted(): void;
  /** 401: the page stores what must survive and starts a sign-in. */
  onUnauthorized(): void;
  /** 400: the page maps the named fields onto the form. */
  onInvalid(outcome: Extract<CancellationOutcome, { kind: 'invalid' }>): void;
};

export function useSendCancelOrder(options: Options) {
  const [state, setState] = useState<SendState>({ phase: 'idle' });
  // Synchronous guard: a double click fires twice before React re-renders a disabled button.
  const busy = useRef(false);
  const mounted = useRef(true);
  const earlierAttemptLost = useRef(false);
  const pendingBody = useRef<CancelProductOrderFvo | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const { mutateAsync } = useCreateCancelOrder();
  const api = useApi();
  const queryClient = useQueryClient();

  /** After a 409: the cancellation under way, when the service lists it (a failed look-up leaves it unknown). */
  const settleConflict = useCallback(
    async (productOrderId: string): Promise<CancellationOutcome> => {
      try {
        const found = await queryClient.fetchQuery(cancelOrderQueries.open(api, productOrderId));
        return { kind: 'conflict', ...(found ? { existing: existingCancellationOf(found) } : {}) };
      } catch {
        return { kind: 'conflict' };
      }
    },
    [api, queryClient],
  );

  const attempt = useCallback(
    async (body: CancelProductOrderFvo, automatic: boolean) => {
      setState({ phase: 'sending', automatic });
      let outcome: CancellationOutcome;
      try {
        outcome = outcomeOfResult(await mutateAsync(body));
      } catch (error) {
        outcome = outcomeOfError(error);
      }
      if (outcome.kind === 'conflict') outcome = await settleConflict(body.productOrder.id);
      if (outcome.kind === 'created' || outcome.kind === 'accepted') latest.current.onSent();
      if (!mounted.current) {
        busy.current = false;
        return;
      }

      if (outcome.kind === 'rateLimited' && !automatic) {
        const seconds = outcome.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
        if (seconds <= MAX_AUTOMATIC_WAIT_SECONDS) {
          pendingBody.current = body;
          setState({ phase: 'waiting', until: Date.now() + seconds * 1000, seconds });
          return;
        }
      }

      // Created: the page is leaving for the new cancellation (its code may still be on its way): no further press
      // may send it again.
      if (outcome.kind !== 'created') busy.current = false;
      const lost = earlierAttemptLost.current;
      if (mayHaveCreated(outcome)) earlierAttemptLost.current = true;
      setState({
        phase: 'done',
        result: outcome,
        automatic,
        earlierAttemptLost: lost,
        ...(outcome.kind === 'rateLimited'
          ? { retryAt: Date.now() + (outcome.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000 }
          : {}),
      });
      if (outcome.kind === 'created') latest.current.onCreated({ id: outcome.id });
      else if (outcome.kind === 'accepted') latest.current.onAccepted();
      else if (outcome.kind === 'unauthorized') latest.current.onUnauthorized();
      else if (outcome.kind === 'invalid') latest.current.onInvalid(outcome);
    },
    [mutateAsync, settleConflict],
  );

  // The one automatic retry after a 429, when the wait is over; leaving the page or "Stop waiting" cancels it.
  const waitingUntil = state.phase === 'waiting' ? state.until : null;
  useEffect(() => {
    if (waitingUntil === null) return;
    const timer = setTimeout(() => {
      const body = pendingBody.current;
      pendingBody.current = null;
      if (body) void attempt(body, true);
    }, Math.max(0, waitingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingUntil, attempt]);

  /** One press, one request: ignored while a request or a wait is under way. */
  const send = useCallback(
    (body: CancelProductOrderFvo) => {
      if (busy.current) return;
      busy.current = true;
      void attempt(body, false);
    },
    [attempt],
  );

  const stopWaiting = useCallback(() => {
    if (state.phase !== 'waiting') return;
    pendingBody.current = null;
    busy.current = false;
    setState({ phase: 'stopped' });
  }, [state.phase]);

  /** Forgets a finished outcome (the agent went back to change the answers); a request under way is left alone. */
  const reset = useCallback(() => {
    if (!busy.current) setState((current) => (current.phase === 'idle' ? current : { phase: 'idle' }));
  }, []);

  return { state, send, stopWaiting, reset };
}
