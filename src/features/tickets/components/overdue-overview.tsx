/** The overview's "What is due": how many tickets are overdue, a link to exactly those (decision 0035). */
import type { Count } from '../../../api/client';
import { CountCard } from '../../../components/count-card';
import { QuerySection } from '../../../components/query-section';
import { useWords } from '../../../lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import * as countQueries from '../../../api/count-queries';

export function OverdueOverview() {
  const t = useWords();
  const overdue = useQuery(countQueries.overdueTickets(useApi()));
  // Without a count: the same shape without words or link, holding the place while it loads (no layout shift).
  const card = (count: Count | undefined) => (
    <ul className="count-grid count-grid--single">
      <li>
        <CountCard label={t('overview.overdue')} count={count} to="/tickets?due=overdue" emphasis />
      </li>
    </ul>
  );
  return (
    <QuerySection
      title={t('overview.due')}
      hint={t('overview.overdueHint')}
      errorTitle={t('overview.overdueFailed')}
      query={overdue}
      reserve={card(undefined)}
    >
      {(count) => card(count)}
    </QuerySection>
  );
}
