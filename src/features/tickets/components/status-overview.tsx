/** Ticket counts per status, each a link to the tickets with that status, read from the service's X-Total-Count. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { CountCard } from '../../../components/count-card';
import { QuerySection } from '../../../components/query-section';
import { statusLabel } from '../../../components/status-badge';
import { ticketStatuses } from '../../../domain/ticket-status';
import { useApi } from '../../../lib/api-context';
import { ticketQueries } from '../api/ticket-queries';

export function StatusOverview() {
  const { t } = useTranslation();
  const api = useApi();
  const counts = useQuery(ticketQueries.counts(api));
  return (
    <QuerySection title={t('overview.ticketsByStatus')} errorTitle={t('overview.countsFailed')} query={counts}>
      {(data) => (
        <>
          <p className="hint">{t('overview.ticketsByStatusHint')}</p>
          <ul className="count-grid">
            <li className="count-grid__wide">
              <CountCard label={t('overview.allTickets')} count={data.total} to="/tickets" emphasis />
            </li>
            {ticketStatuses.map((status) => (
              <li key={status}>
                <CountCard
                  label={statusLabel(status, t)}
                  count={data.byStatus[status]}
                  to={`/tickets?status=${encodeURIComponent(status)}`}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </QuerySection>
  );
}
