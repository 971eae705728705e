/**
 * The overview's count of order cancellations, linking to their list. On the first screen: its words are the
 * overview's own (no import of this feature's catalogue, which loads with the cancellation pages).
 */
import { useWords } from '../../../lib/i18n/react';
import { CountCard } from '../../../components/count-card';
import { QuerySection } from '../../../components/query-section';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import * as countQueries from '../../../api/count-queries';

export function CancelOrderTotal() {
  const t = useWords();
  const total = useQuery(countQueries.cancelOrders(useApi()));
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
