/**
 * The wizard: one react-hook-form state for all steps, the step in the URL (?step=contacts) so Back and "Change"
 * work, Continue validating only the step's fields, focus on the step heading (or the field a link asked for) after
 * each step change, and autosave of everything as the agent types.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { focusField } from '../../../components/form/field-id';
import type { FaultTicketFvo } from '../../../domain/ticket';
import '../entry-section';
import { EntryContext, type EntryActions } from '../hooks/entry-context';
import { EntryRunContext, type EntryRun } from '../hooks/entry-run';
import { FieldErrorsProvider } from '../hooks/field-errors';
import { useAutosave } from '../hooks/use-autosave';
import { useSubmitTicket } from '../hooks/use-submit-ticket';
import type { DraftOrigin, ServiceErrors } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import { stepHref } from '../model/step-href';
import { fieldsOfStep, isStep, nextStep, previousStep, steps, type StepId } from '../model/steps';
import { entryResolver } from '../model/validate';
import { CheckAnswers } from './check-answers';
import { OriginBanner } from './origin-banner';
import { StepErrors } from './step-errors';
import { AgreementsStep } from './steps/agreements-step';
import { AppointmentStep } from './steps/appointment-step';
import { ContactsStep } from './steps/contacts-step';
import { ProductStep } from './steps/product-step';
import { QuestionnaireStep } from './steps/questionnaire-step';
import { TicketStep } from './steps/ticket-step';
import { SubmitPanel } from './submit-panel';
import './entry.css';

export type EntryStart = {
  values: EntryValues;
  /** A resumed draft is saved on its next change; a fresh form only once something is typed. */
  fromDraft: boolean;
  unconfirmedExternalId?: string;
  /** Focus the step heading on mount (after "Resume draft" / "Start over": the screen changed under the agent). */
  focusOnMount: boolean;
  /** The ticket a follow-up started from (a dispute or a copy), kept in the draft. */
  origin?: DraftOrigin;
  /** The service refused the run when the outbox sent it: its words go on the fields (docs/decisions/0038). */
  serviceErrors?: ServiceErrors;
};

const stepViews: Record<Exclude<StepId, 'check'>, () => React.JSX.Element> = {
  ticket: TicketStep,
  agreements: AgreementsStep,
  contacts: ContactsStep,
  product: ProductStep,
  questionnaire: QuestionnaireStep,
  appointment: AppointmentStep,
};

function SubmitArea(props: Omit<Parameters<typeof SubmitPanel>[0], 'ticketType'>) {
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  return <SubmitPanel ticketType={ticketType} {...props} />;
}

type Props = {
  start: EntryStart;
  userId: string;
  draftId: string;
  /** The agent changed something for the first time: the run's draft now exists (the page names it in the address). */
  onFirstChange?: () => void;
};

export function EntryForm({ start, userId, draftId, onFirstChange }: Props) {
  const t = useWords();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('step');
  const step: StepId = isStep(requested) ? requested : 'ticket';
  const field = params.get('field');
  const fromCheck = params.get('from') === 'check';
  const { origin } = start;

  const form = useForm<EntryValues, unknown, FaultTicketFvo>({
    defaultValues: start.values,
    resolver: entryResolver,
    // Validate when the agent asks (Continue, submit), never while typing: GOV.UK manners, and no work per keystroke.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { getValues, handleSubmit, setError, trigger } = form;

  const [unconfirmedExternalId, setUnconfirmedExternalId] = useState(start.unconfirmedExternalId);
  const autosave = useAutosave(userId, draftId, getValues, { step, unconfirmedExternalId, origin }, { startDirty: start.fromDraft });
  const [attempt, setAttempt] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const refused = useCallback(() => setAttempt((n) => n + 1), []);

  const changedOnce = useRef(false);
  const { changed: saveSoon } = autosave;
  const changed = useCallback(() => {
    saveSoon();
    if (changedOnce.current) return;
    changedOnce.current = true;
    onFirstChange?.();
  }, [onFirstChange, saveSoon]);
  const actions = useMemo<EntryActions>(() => ({ changed, announce: setAnnouncement }), [changed]);
  const run = useMemo<EntryRun>(() => ({ draftId, origin }), [draftId, origin]);

  const goTo = useCallback(
    (to: StepId, focus?: string) =>
      navigate(stepHref(to, { draft: draftId, field: focus, fromCheck: to !== 'check' && (fromCheck || step === 'check') })),
    [draftId, fromCheck, navigate, step],
  );

  const submitter = useSubmitTicket({
    userId,
    draftId,
    autosave,
    unconfirmedExternalId,
    setUnconfirmedExternalId,
    form: useMemo(() => ({ getValues, setError, handleSubmit }), [getValues, handleSubmit, setError]),
    onRefused: refused,
    origin,
    serviceErrors: start.serviceErrors,
  });
  const { submit } = submitter;
  const submitNow = useCallback(() => void submit(), [submit]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'check') {
      submitNow();
      return;
    }
    const valid = await trigger(fieldsOfStep(step, getValues('ticketType')));
    if (!valid) {
      setAttempt((n) => n + 1);
      return;
    }
    goTo(fromCheck ? 'check' : nextStep(step));
  };

  // After a step change: the field a link asked for, else the step heading, takes focus (not on first load).
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && !start.focusOnMount && !field) return;
    if (field && focusField(field)) return;
    heading.current?.focus();
  }, [step, field, start.focusOnMount]);

  const stepTitle = t(`entry.step.${step}`);
  useLayoutEffect(() => {
    document.title = t('page.documentTitle', { page: `${stepTitle} – ${t('page.newTicket')}`, app: t('app.name') });
  }, [stepTitle, t]);

  const previous = fromCheck && step !== 'check' ? 'check' : previousStep(step);
  const StepView = step === 'check' ? null : stepViews[step];
  return (
    <EntryRunContext.Provider value={run}>
    <EntryContext.Provider value={actions}>
      <FormProvider {...form}>
        <FieldErrorsProvider>
          {origin ? <OriginBanner origin={origin} /> : null}
          {previous ? (
            <Link className="back-link" to={stepHref(previous, { draft: draftId })}>
              {previous === 'check' && fromCheck ? t('entry.backToCheck') : t('entry.back')}
            </Link>
          ) : null}
          {autosave.failed ? <p className="entry-notice">{t('entry.draft.storageFailed')}</p> : null}
          <StepErrors step={step} attempt={attempt} messages={step === 'check' ? submitter.serviceMessages : []} goTo={goTo} />
          <form className="entry-form" noValidate onSubmit={onSubmit} onChange={changed}>
            <h2 className="entry-step-heading" tabIndex={-1} ref={heading}>
              <span className="entry-caption">{t('entry.stepOf', { n: steps.indexOf(step) + 1, total: steps.length })}</span>{' '}
              {stepTitle}
            </h2>
            {StepView ? (
              <>
                <StepView />
                <button type="submit" className="button">
                  {t('entry.continue')}
                </button>
              </>
            ) : (
              <>
                <CheckAnswers />
                <SubmitArea pending={submitter.pending} shown={submitter.shown} onRetry={submitNow} onSignIn={() => void submitter.signIn()} />
              </>
            )}
          </form>
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </FieldErrorsProvider>
      </FormProvider>
    </EntryContext.Provider>
    </EntryRunContext.Provider>
  );
}
