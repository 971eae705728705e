/**
 * The end of "Check your answers": the button that says what it does, progress in a live region while the request
 * is in flight (the button is disabled then), and every outcome that keeps the agent on this page (shown by
 * src/components/outcomes/ticket-outcome.tsx), with the wizard's own way on.
 */
import { useLayoutEffect, useRef } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { TicketOutcome } from '../../../components/outcomes/ticket-outcome';
import type { TicketOutcome as Outcome } from '../../../domain/create-outcome';
import type { EntryValues } from '../model/form-values';
import { useStepHref } from '../hooks/entry-run';

/** An outcome that keeps the agent on check answers, with the external id it was sent with. */
export type ShownOutcome = { outcome: Outcome; externalId: string };

type Props = {
  ticketType: EntryValues['ticketType'];
  pending: boolean;
  shown: ShownOutcome | null;
  onRetry: () => void;
  onSignIn: () => void;
};

function OutcomePanel({ shown, onRetry, onSignIn }: { shown: ShownOutcome; onRetry: () => void; onSignIn: () => void }) {
  const t = useWords();
  const stepHref = useStepHref();
  const panel = useRef<HTMLDivElement>(null);
  // A result the agent must act on takes focus, so keyboard and screen reader users land on it.
  useLayoutEffect(() => {
    panel.current?.focus();
  }, [shown]);
  const { outcome, externalId } = shown;
  return (
    <div className="error-panel entry-outcome" role="alert" tabIndex={-1} ref={panel}>
      <TicketOutcome outcome={outcome} externalId={externalId} titleAs="h3">
        {outcome.kind === 'conflict' ? (
          <p>
            <Link to={stepHref('ticket', { field: 'externalIdentifier.0.id', fromCheck: true })}>{t('entry.outcome.conflictChange')}</Link>
          </p>
        ) : outcome.kind === 'unauthorized' ? (
          <button type="button" className="button" onClick={onSignIn}>
            {t('entry.outcome.signIn')}
          </button>
        ) : outcome.kind === 'rateLimited' || outcome.kind === 'unavailable' ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
      </TicketOutcome>
    </div>
  );
}

export function SubmitPanel({ ticketType, pending, shown, onRetry, onSignIn }: Props) {
  const t = useWords();
  const label =
    ticketType === 'fault' ? t('entry.check.submitFault') : ticketType === 'dispute' ? t('entry.check.submitDispute') : t('entry.check.submitUntyped');
  return (
    <div className="entry-submit">
      {shown ? <OutcomePanel shown={shown} onRetry={onRetry} onSignIn={onSignIn} /> : null}
      <button type="submit" className="button entry-submit__button" disabled={pending}>
        {label}
      </button>
      {/* Always in the page, so screen readers announce the progress when it appears. */}
      <div aria-live="polite" className="entry-submit__progress">
        {pending ? <Loading label={t('entry.check.sending')} /> : null}
      </div>
    </div>
  );
}
