/** The start screen: tickets per status and the number of order cancellations (composes two features). */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CountCard } from '../../components/count-card';
import { ErrorPanel } from '../../components/error-panel';
import { Loading } from '../../components/loading';
import { PageHeading } from '../../components/page-heading';
import { cancelOrderQueries } from '../../features/cancel-orders/api/cancel-order-queries';
import { StatusOverview } from '../../features/tickets/components/status-overview';
import { useApi } from '../../lib/api-context';

function CancelOrderTotal() {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const total = useQuery(cancelOrderQueries.count(api));
  return (
    <section className="overview-section" aria-labelledby={headingId} aria-busy={total.isPending}>
      <h2 id={headingId}>{t('overview.productOrders')}</h2>
      {total.isPending ? <Loading /> : null}
      {total.isError ? (
        <ErrorPanel
          title={t('overview.cancelOrderCountFailed')}
          error={total.error}
          retrying={total.isFetching}
          onRetry={() => void total.refetch()}
        />
      ) : null}
      {total.isSuccess ? (
        <ul className="count-grid">
          <li className="count-grid__wide">
            <CountCard label={t('overview.cancelOrders')} count={total.data} to="/cancel-orders" emphasis />
          </li>
        </ul>
      ) : null}
    </section>
  );
}

export function OverviewRoute() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageHeading>{t('page.overview')}</PageHeading>
      <StatusOverview />
      <CancelOrderTotal />
    </div>
  );
}
