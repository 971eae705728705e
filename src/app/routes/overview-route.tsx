/**
 * The start screen: what is due and the tickets opened last, tickets per status and the number of order cancellations
 * (composes three features).
 */
import { useQuery } from '@tanstack/react-query';
import { useWords } from '../../lib/i18n/react';
import { CountCard } from '../../components/count-card';
import { PageHeading } from '../../components/page-heading';
import { QuerySection } from '../../components/query-section';
import { cancelOrderQueries } from '../../features/cancel-orders/api/cancel-order-queries';
import { OverdueOverview } from '../../features/tickets/components/overdue-overview';
import { StatusOverview } from '../../features/tickets/components/status-overview';
import { RecentTickets } from '../../features/workspace/recent-tickets';
import { useApi } from '../../api/api-context';
import { OverviewDrafts } from './overview-drafts';

function CancelOrderTotal() {
  const t = useWords();
  const api = useApi();
  const total = useQuery(cancelOrderQueries.count(api));
  return (
    <QuerySection title={t('overview.productOrders')} errorTitle={t('overview.cancelOrderCountFailed')} query={total}>
      {(count) => (
        <ul className="count-grid">
          <li className="count-grid__wide">
            <CountCard label={t('overview.cancelOrders')} count={count} to="/cancel-orders" emphasis />
          </li>
        </ul>
      )}
    </QuerySection>
  );
}

export function OverviewRoute() {
  const t = useWords();
  return (
    <div className="stack">
      <PageHeading>{t('page.overview')}</PageHeading>
      <div className="overview-work">
        <OverdueOverview />
        <RecentTickets />
      </div>
      <StatusOverview />
      <CancelOrderTotal />
      <OverviewDrafts />
    </div>
  );
}
