/**
 * The end of "Check your answers": the button that says what it does, progress in a live region while the request
 * is in flight (the button is disabled then), and every outcome that keeps the agent on this page, with a way on.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { isApiError } from '../../../api/errors';
import { describeError } from '../../../api/describe-error';
import type { ShownOutcome } from '../model/outcome';
import type { EntryValues } from '../model/form-values';
import { useStepHref } from '../hooks/entry-run';

type Props = {
  ticketType: EntryValues['ticketType'];
  pending: boolean;
  outcome: ShownOutcome | null;
  onRetry: () => void;
  onSignIn: () => void;
};

const listHref = (externalId: string) => `/tickets?externalId=${encodeURIComponent(externalId)}`;

function OutcomePanel({ outcome, onRetry, onSignIn }: { outcome: ShownOutcome; onRetry: () => void; onSignIn: () => void }) {
  const t = useWords();
  const stepHref = useStepHref();
  const panel = useRef<HTMLDivElement>(null);
  // A result the agent must act on takes focus, so keyboard and screen reader users land on it.
  useLayoutEffect(() => {
    panel.current?.focus();
  }, [outcome]);

  const frame = (title: string, body: ReactNode) => (
    <div className="error-panel entry-outcome" role="alert" tabIndex={-1} ref={panel}>
      <h3 className="error-panel__title">{title}</h3>
      {body}
    </div>
  );

  switch (outcome.kind) {
    case 'conflict':
      return frame(
        t('entry.outcome.conflictTitle'),
        <>
          <p>{t('entry.outcome.conflictBody', { externalId: outcome.externalId })}</p>
          <ul className="entry-links">
            {outcome.ticketId ? (
              <li>
                <Link to={`/tickets/${encodeURIComponent(outcome.ticketId)}`}>{t('entry.outcome.conflictOpen', { id: outcome.ticketId })}</Link>
              </li>
            ) : null}
            <li>
              <Link to={listHref(outcome.externalId)}>{t('entry.outcome.conflictList', { externalId: outcome.externalId })}</Link>
            </li>
            <li>
              <Link to={stepHref('ticket', { field: 'externalIdentifier.0.id', fromCheck: true })}>{t('entry.outcome.conflictChange')}</Link>
            </li>
          </ul>
        </>,
      );
    case 'unauthorized':
      return frame(
        t('entry.outcome.unauthorizedTitle'),
        <>
          <p>{t('entry.outcome.unauthorizedBody')}</p>
          <button type="button" className="button" onClick={onSignIn}>
            {t('entry.outcome.signIn')}
          </button>
        </>,
      );
    case 'forbidden':
      return frame(t('entry.outcome.forbiddenTitle'), <p>{t('entry.outcome.forbiddenBody')}</p>);
    case 'rateLimited':
    case 'unavailable': {
      const { message, detail } = describeError(outcome.error, t);
      // A 429 or 503 may say how long to wait (Retry-After): the agent should know it before pressing Retry.
      const waitSeconds = isApiError(outcome.error) ? outcome.error.retryAfterSeconds : undefined;
      return frame(
        t('entry.outcome.retryTitle'),
        <>
          <p>{message}</p>
          {detail ? <p className="error-panel__detail">{detail}</p> : null}
          {waitSeconds !== undefined ? <p>{t('entryFaults.waitSeconds', { count: waitSeconds })}</p> : null}
          <p>{t('entry.outcome.retryBody')}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </>,
      );
    }
    case 'unsupported': {
      const { message, detail } = describeError(outcome.error, t);
      return frame(
        t('entry.outcome.unsupportedTitle'),
        <>
          <p>{message}</p>
          {detail ? <p className="error-panel__detail">{detail}</p> : null}
          <p>{t('entry.outcome.unsupportedBody')}</p>
        </>,
      );
    }
    case 'unconfirmed':
      return frame(
        t('entryFaults.unconfirmedTitle'),
        <>
          <p>{t('entryFaults.unconfirmedBody', { externalId: outcome.externalId })}</p>
          <p>
            <Link to={listHref(outcome.externalId)}>{t('entry.outcome.conflictList', { externalId: outcome.externalId })}</Link>
          </p>
        </>,
      );
    case 'unreadable':
      return frame(
        t('entry.outcome.unreadableTitle'),
        <>
          <p>{t('entry.outcome.unreadableBody')}</p>
          <p>
            <Link to={listHref(outcome.externalId)}>{t('entry.outcome.conflictList', { externalId: outcome.externalId })}</Link>
          </p>
        </>,
      );
  }
}

export function SubmitPanel({ ticketType, pending, outcome, onRetry, onSignIn }: Props) {
  const t = useWords();
  const label =
    ticketType === 'fault' ? t('entry.check.submitFault') : ticketType === 'dispute' ? t('entry.check.submitDispute') : t('entry.check.submitUntyped');
  return (
    <div className="entry-submit">
      {outcome ? <OutcomePanel outcome={outcome} onRetry={onRetry} onSignIn={onSignIn} /> : null}
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
