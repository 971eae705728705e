/** Ticket counts per status, each a link to the tickets with that status, read from the service's X-Total-Count. */
import { useWords } from '../../../lib/i18n/react';
import { CountCard } from '../../../components/count-card';
import { QuerySection } from '../../../components/query-section';
import { statusLabel } from '../../../components/status-badge';
import { ticketStatuses } from '../../../domain/ticket-status';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context';
import * as countQueries from '../../../api/count-queries';

/** The grid's shape while the counts load (never shown: it only keeps the place). */
const none = { value: 0, exact: true };
const emptyCounts: countQueries.TicketCounts = { total: none, byStatus: Object.fromEntries(ticketStatuses.map((status) => [status, none])) as countQueries.TicketCounts['byStatus'] };

export function StatusOverview() {
  const t = useWords();
  const counts = useQuery(countQueries.tickets(useApi()));
  // `linked` false: the same layout without links, for the reserve that holds the place while the counts load.
  const grid = (data: countQueries.TicketCounts, linked = true) => (
    <ul className="count-grid">
      <li className="count-grid__wide">
        <CountCard label={t('overview.allTickets')} count={data.total} to={linked ? '/tickets' : undefined} emphasis />
      </li>
      {ticketStatuses.map((status) => (
        <li key={status}>
          <CountCard
            label={statusLabel(status, t)}
            count={data.byStatus[status]}
            to={linked ? `/tickets?status=${encodeURIComponent(status)}` : undefined}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <QuerySection
      title={t('overview.ticketsByStatus')}
      hint={t('overview.ticketsByStatusHint')}
      errorTitle={t('overview.countsFailed')}
      query={counts}
      reserve={grid(emptyCounts, false)}
    >
      {(data) => grid(data)}
    </QuerySection>
  );
}
