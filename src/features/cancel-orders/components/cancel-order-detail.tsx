/** The detail page of one cancellation: its facts, a confirmation after a create, and words for every failure. */
import type { ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { isForbidden, isNotFound } from '../../../api/errors';
import { ErrorPanel } from '../../../components/error-panel';
import { NotFoundPanel } from '../../../components/not-found-panel';
import { Loading } from '../../../components/loading';
import { OtherDetails } from '../../../components/other-details';
import { PageHeading } from '../../../components/page-heading';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useCancelOrder } from '../api/get-cancel-order';
import '../cancel-section';
import './cancel-orders.css';
import { CancelOrderSummary } from './cancel-order-summary';
import { CreatedPanel } from './created-panel';
import { useCreatedState } from '../hooks/use-created-state';

/** The order is still not cancelled: offering a new cancellation makes sense (an open one would only meet a 409). */
function endedWithoutCancelling(state: string | undefined): boolean {
  return state === 'rejected' || state === 'terminatedWithError';
}


/** `entered`: who entered it on this desk (gateway mode), shown under its facts; composed by the route. */
export function CancelOrderDetail({ id, entered }: { id: string; entered?: ReactNode }) {
  const t = useWords();
  const created = useCreatedState();
  const { canWrite } = useSession();
  const query = useCancelOrder(id);
  const checkedAt = formatDateTime(new Date(query.dataUpdatedAt).toISOString());
  const productOrderId = query.data?.productOrder?.id;
  // Not there, or not the agent's: the panel's link is the one way back, so the page's own links are not shown.
  const missing = query.isError && !query.data && (isNotFound(query.error) || isForbidden(query.error));

  return (
    <div className="stack">
      <PageHeading>{t('page.cancelOrder', { id })}</PageHeading>
      {created && query.data ? <CreatedPanel order={query.data} /> : null}
      {query.isPending ? <Loading /> : null}
      {query.isError && !query.data ? (
        missing ? (
          <NotFoundPanel
            title={isNotFound(query.error) ? t('cancel.detail.notFoundTitle') : t('cancel.detail.forbiddenTitle')}
            body={isNotFound(query.error) ? t('cancel.detail.notFoundBody', { id }) : t('cancel.detail.forbiddenBody')}
            back={{ to: '/cancel-orders', label: t('cancel.common.toList') }}
          />
        ) : (
          <ErrorPanel
            title={t('cancel.detail.loadFailed')}
            error={query.error}
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )
      ) : null}
      {query.data ? (
        <section aria-labelledby="cancel-order-details" aria-busy={query.isFetching}>
          <h2 id="cancel-order-details">{t('cancel.detail.details')}</h2>
          <CancelOrderSummary order={query.data} />
          {entered}
          {query.isError ? (
            // Not an alert: the app's toast already announces a failed background refresh; this stays in place.
            <div className="button-group">
              <p className="hint">{t('cancel.detail.refreshFailed', { time: checkedAt })}</p>
              <button
                type="button"
                className="button button--secondary"
                aria-disabled={query.isFetching || undefined}
                onClick={() => {
                  if (!query.isFetching) void query.refetch();
                }}
              >
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <p className="hint">{t('cancel.detail.checkedAt', { time: checkedAt })}</p>
          )}
        </section>
      ) : null}
      {query.data ? <OtherDetails other={query.data.other} heading={t('cancel.detail.otherTitle')} intro={t('cancel.detail.otherIntro')} /> : null}
      {/* The links come once the page has its content or its failure: shown while it loads, they would move down. */}
      {missing || query.isPending ? null : (
        <ul className="link-list">
          {canWrite && productOrderId && endedWithoutCancelling(query.data?.state) ? (
            <li>
              <Link to={`/cancel-orders/new?${new URLSearchParams({ productOrderId })}`}>
                {t('cancel.detail.cancelAgain', { id: productOrderId })}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/cancel-orders">{t('cancel.common.toList')}</Link>
          </li>
          {canWrite ? (
            <li>
              <Link to="/cancel-orders/new">{t('cancel.common.newCancellation')}</Link>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
