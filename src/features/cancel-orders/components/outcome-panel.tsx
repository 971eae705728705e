/** The words and the way forward for each outcome of a send that did not end on another page. */
import type { ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { statusLabel } from '../../../components/status-badge';
import { Loading } from '../../../components/loading';
import { describeError } from '../../../api/describe-error';
import { statusOf } from '../../../api/outcome';
import { formatDateTime } from '../../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import * as cancelOrderQueries from '../api/queries';
import type { SendResult, SendState } from '../hooks/use-send-cancel-order';

type Done = Extract<SendState, { phase: 'done' }>;

type Props = {
  state: Done;
  productOrderId: string;
  onSendAgain(): void;
  onSignIn(): void;
};

/** The list filtered to one product order's cancellations (the list keeps its filters in the URL). */
export function cancellationsOf(productOrderId: string): string {
  return `/cancel-orders?${new URLSearchParams({ productOrderId })}`;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">{title}</p>
      {children}
    </div>
  );
}

function SendAgain({ onClick }: { onClick(): void }) {
  const t = useWords();
  return (
    <button type="button" className="button button--secondary" onClick={onClick}>
      {t('cancel.outcome.sendAgain')}
    </button>
  );
}

function Conflict({ productOrderId, earlierAttemptLost }: { productOrderId: string; earlierAttemptLost: boolean }) {
  const t = useWords();
  const open = useQuery(cancelOrderQueries.open(useApi(), productOrderId));
  return (
    <Panel title={t('cancel.outcome.conflictTitle')}>
      <p>{t('cancel.outcome.conflictBody', { id: productOrderId })}</p>
      {earlierAttemptLost ? <p>{t('cancel.outcome.conflictAfterLost')}</p> : null}
      {open.isPending ? <Loading label={t('cancel.outcome.conflictSearching')} /> : null}
      {open.data ? (
        <p>
          <Link to={`/cancel-orders/${encodeURIComponent(open.data.id)}`}>
            {t('cancel.outcome.conflictLink', { id: open.data.id, state: statusLabel(open.data.state ?? '', t) })}
          </Link>
        </p>
      ) : null}
      {/* Not found, or the search failed: the list still shows every cancellation of this order. */}
      {open.isError || open.data === null ? (
        <p>
          <Link to={cancellationsOf(productOrderId)}>{t('cancel.outcome.conflictListLink', { id: productOrderId })}</Link>
        </p>
      ) : null}
    </Panel>
  );
}

function body(result: SendResult, state: Done, props: Props, t: ReturnType<typeof useWords>): ReactNode {
  switch (result.kind) {
    case 'conflict':
      return <Conflict productOrderId={props.productOrderId} earlierAttemptLost={state.earlierAttemptLost} />;
    case 'unauthorized':
      return (
        <Panel title={t('cancel.outcome.unauthorizedTitle')}>
          <p>{t('cancel.outcome.unauthorizedBody')}</p>
          <button type="button" className="button" onClick={props.onSignIn}>
            {t('cancel.outcome.signIn')}
          </button>
        </Panel>
      );
    case 'forbidden':
      return (
        <Panel title={t('cancel.outcome.forbiddenTitle')}>
          <p>{t('cancel.outcome.forbiddenBody')}</p>
        </Panel>
      );
    case 'rateLimited':
      return (
        <Panel title={t('cancel.outcome.busyAgainTitle')}>
          <p>
            {state.automatic || state.retryAt === undefined
              ? t('cancel.outcome.busyAgainBody')
              : t('cancel.outcome.longWaitBody', { time: formatDateTime(new Date(state.retryAt).toISOString()) })}
          </p>
          <SendAgain onClick={props.onSendAgain} />
        </Panel>
      );
    case 'stopped':
      return (
        <Panel title={t('cancel.outcome.stoppedTitle')}>
          <p>{t('cancel.outcome.stoppedBody')}</p>
          <SendAgain onClick={props.onSendAgain} />
        </Panel>
      );
    case 'unreadable':
      return (
        <Panel title={t('cancel.outcome.unreadableTitle')}>
          <p>{t('cancel.outcome.unreadableBody', { id: props.productOrderId })}</p>
          <p>
            <Link to={cancellationsOf(props.productOrderId)}>
              {t('cancel.outcome.conflictListLink', { id: props.productOrderId })}
            </Link>
          </p>
        </Panel>
      );
    case 'unsupported':
    case 'unavailable': {
      // 406: the service will not answer in JSON, the one undeclared refusal with words of its own.
      if (statusOf(result) === 406) {
        return (
          <Panel title={t('cancel.outcome.notAcceptableTitle')}>
            <p>{t('cancel.outcome.notAcceptableBody')}</p>
          </Panel>
        );
      }
      const { message, detail } = describeError(result.error, t);
      return (
        <Panel title={t('cancel.outcome.failedTitle')}>
          <p>{message}</p>
          {detail ? <p className="error-panel__detail">{detail}</p> : null}
          <p>{t('cancel.outcome.kept')}</p>
          {/* Sending again changes nothing after a refusal the interface does not declare (404, 405, 501 …). */}
          {result.kind === 'unavailable' ? <SendAgain onClick={props.onSendAgain} /> : null}
        </Panel>
      );
    }
    default:
      // created, accepted and invalid lead to another page or step.
      return null;
  }
}

export function OutcomePanel(props: Props) {
  const t = useWords();
  return <>{body(props.state.result, props.state, props, t)}</>;
}
