/**
 * The create flow at /cancel-orders/new: one form state over two steps (the form, then ?step=confirm to check and
 * send), pre-filled from ?productOrderId=, autosaved per agent, and the outcomes of sending.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { focusField } from '../../../components/form/field-id';
import type { CancelProductOrderFvo } from '../../../domain/cancel-order';
import { valueAt } from '../../../domain/cancel-order-fields';
import { useSession } from '../../../lib/session';
import './cancel-orders.css';
import '../cancel-section';
import { AcceptedView } from './accepted-view';
import { CheckStep } from './check-step';
import { readDraft, removeDraft, writeDraft } from '../model/draft';
import { EditStep } from './edit-step';
import { SERVER_ERROR } from '../model/field-errors';
import {
  BodyFromValues,
  CancelOrderValuesSchema,
  cancelOrderFieldNames,
  emptyValues,
  isCancelOrderFieldName,
  type CancelOrderValues,
} from '../model/form-values';
import type { CancellationOutcome as Outcome } from '../../../domain/create-outcome';
import { useSendCancelOrder } from '../hooks/use-send-cancel-order';

const FORM_PATH = '/cancel-orders/new';
const CONFIRM_PATH = `${FORM_PATH}?step=confirm`;

type Problem = { text: string } | { key: MessageKey; values?: Record<string, string> };

const hasContent = (v: CancelOrderValues) => cancelOrderFieldNames.some((name) => String(valueAt(v, name) ?? '').trim() !== '');

/** `?productOrderId=` (a link from a ticket) wins over an older draft for another order; else the draft is resumed. */
function initialValues(userId: string, productOrderId: string | null): { values: CancelOrderValues; restored: boolean } {
  const draft = readDraft(userId);
  const wanted = productOrderId?.trim();
  if (wanted && draft?.productOrder.id.trim() !== wanted) return { values: emptyValues(wanted), restored: false };
  if (draft && hasContent(draft)) return { values: draft, restored: true };
  return { values: emptyValues(), restored: false };
}

function focusHeading() {
  document.getElementById('main')?.querySelector<HTMLElement>('h1')?.focus();
}

export function NewCancelOrder() {
  const t = useWords();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const step = params.get('step') === 'confirm' ? 'confirm' : 'edit';

  const [initial] = useState(() => initialValues(session.userId, params.get('productOrderId')));
  const [draftRestored, setDraftRestored] = useState(initial.restored);
  const [storageFailed, setStorageFailed] = useState(false);
  const [otherProblems, setOtherProblems] = useState<Problem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [accepted, setAccepted] = useState<string | null>(null);
  const sent = useRef(false);

  const form = useForm<CancelOrderValues, unknown, CancelProductOrderFvo>({
    defaultValues: initial.values,
    resolver: zodResolver(BodyFromValues),
    // GOV.UK: errors are checked when the agent continues, and stay until the next attempt.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The error summary takes focus (GOV.UK); its links lead on to each field.
    shouldFocusError: false,
  });

  const save = (values: CancelOrderValues) => {
    if (sent.current) return;
    if (!writeDraft(session.userId, values)) setStorageFailed(true);
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  // Every change is kept at once, so a reload or a sign-in round trip loses nothing.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const parsed = CancelOrderValuesSchema.safeParse(values);
          if (parsed.success) saveRef.current(parsed.data);
        },
      }),
    [subscribe],
  );

  const signIn = () => {
    save(form.getValues());
    void session.signIn(CONFIRM_PATH);
  };

  const { state, send, stopWaiting, reset } = useSendCancelOrder({
    onSent: () => {
      sent.current = true;
      removeDraft(session.userId);
    },
    onCreated: (order) => navigate(`/cancel-orders/${encodeURIComponent(order.id)}`, { state: { created: true } }),
    onAccepted: () => setAccepted(form.getValues().productOrder.id.trim()),
    onUnauthorized: signIn,
    onInvalid: (outcome: Extract<Outcome, { kind: 'invalid' }>) => {
      const other: Problem[] = [];
      for (const { path, message } of outcome.invalidFields) {
        if (isCancelOrderFieldName(path)) form.setError(path, { type: SERVER_ERROR, message });
        else other.push({ text: message });
      }
      if (outcome.invalidFields.length === 0) {
        other.push(
          outcome.message
            ? { key: 'outcomes.cancellation.invalidMessage', values: { message: outcome.message } }
            : { key: 'outcomes.cancellation.invalidNoDetail' },
        );
      }
      setOtherProblems(other);
      setAttempt((n) => n + 1);
      navigate(FORM_PATH);
    },
  });
  // Leaving the check page (a "Change" link, Back) cancels a pending automatic retry, and an old outcome is not shown
  // again on return: the answers may have changed.
  useEffect(() => {
    if (step !== 'edit') return;
    stopWaiting();
    reset();
  }, [step, stopWaiting, reset]);

  // Focus follows the step, as a page change would: the named field after "Change", else the heading. An error
  // summary takes focus itself in this same commit (its effect runs first): the old step's controls are gone, so
  // focus inside main can only be the summary's, and is left there.
  const previousStep = useRef(step);
  const focusTarget = (location.state as { focus?: unknown } | null)?.focus;
  useLayoutEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (step === 'edit' && typeof focusTarget === 'string' && focusField(focusTarget)) return;
    const main = document.getElementById('main');
    if (main && main !== document.activeElement && main.contains(document.activeElement)) return;
    focusHeading();
  }, [step, focusTarget]);

  // Arriving at the check page with answers that do not pass (a stale link, an old draft): back to the form, errors
  // shown, unless there is nothing yet to complain about.
  const problemWords = useMemo(
    () => otherProblems.map((p) => ('text' in p ? p.text : t(p.key, p.values ?? {}))),
    [otherProblems, t],
  );

  const validateOnArrival = (location.state as { validate?: unknown } | null)?.validate === true;
  useEffect(() => {
    if (step !== 'edit' || !validateOnArrival) return;
    void form.trigger().then(() => setAttempt((n) => n + 1));
  }, [step, validateOnArrival, location.key, form]);

  if (accepted !== null) return <AcceptedView productOrderId={accepted} />;

  const words = problemWords;

  if (step === 'confirm') {
    const parsed = BodyFromValues.safeParse(form.getValues());
    if (!parsed.success) {
      return <Navigate to={FORM_PATH} replace state={hasContent(form.getValues()) ? { validate: true } : null} />;
    }
    return (
      <CheckStep body={parsed.data} state={state} onSend={() => send(parsed.data)} onStopWaiting={stopWaiting} onSignIn={signIn} />
    );
  }

  return (
    <FormProvider {...form}>
      <EditStep
        otherProblems={words}
        attempt={attempt}
        draftRestored={draftRestored}
        storageFailed={storageFailed}
        onStartAgain={() => {
          form.reset(emptyValues());
          removeDraft(session.userId);
          setDraftRestored(false);
          setOtherProblems([]);
          focusField(cancelOrderFieldNames[0]);
        }}
        onContinue={() => {
          setOtherProblems([]);
          save(form.getValues());
          navigate(CONFIRM_PATH);
        }}
        onInvalid={() => {
          setOtherProblems([]);
          setAttempt((n) => n + 1);
        }}
      />
    </FormProvider>
  );
}
