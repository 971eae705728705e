/**
 * The start screen: what is due and the tickets opened last, tickets per status and the number of order cancellations
 * (composes three features).
 */
import { useWords } from '../../lib/i18n/react';
import { PageHeading } from '../../components/page-heading';
import { CancelOrderTotal } from '../../features/cancel-orders/components/cancel-order-total';
import { OverdueOverview } from '../../features/tickets/components/overdue-overview';
import { StatusOverview } from '../../features/tickets/components/status-overview';
import { RecentTickets } from '../../features/workspace/components/recent-tickets';
import { OverviewDrafts } from './overview-drafts';

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
