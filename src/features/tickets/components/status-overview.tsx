/** Ticket counts per status, each a link to the tickets with that status, read from the service's X-Total-Count. */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CountCard } from '../../../components/count-card';
import { ErrorPanel } from '../../../components/error-panel';
import { Loading } from '../../../components/loading';
import { statusLabel } from '../../../components/status-badge';
import { ticketStatuses } from '../../../domain/ticket';
import { useApi } from '../../../lib/api-context';
import { ticketQueries } from '../api/ticket-queries';

export function StatusOverview() {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const counts = useQuery(ticketQueries.counts(api));

  return (
    <section className="overview-section" aria-labelledby={headingId} aria-busy={counts.isPending}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('overview.ticketsByStatus')}
      </h2>
      {counts.isPending ? <Loading /> : null}
      {counts.isError ? (
        <ErrorPanel
          title={t('overview.countsFailed')}
          error={counts.error}
          retrying={counts.isFetching}
          onRetry={() => {
            // Retry swaps the panel for "Loading…" (there is no data yet), so the pressed button goes away. Once the
            // retry settles, focus goes to the section heading, so keyboard and screen reader users stay here.
            void counts.refetch().finally(() => heading.current?.focus());
          }}
        />
      ) : null}
      {counts.isSuccess ? (
        <>
          <p className="hint">{t('overview.ticketsByStatusHint')}</p>
          <ul className="count-grid">
            <li className="count-grid__wide">
              <CountCard label={t('overview.allTickets')} count={counts.data.total} to="/tickets" emphasis />
            </li>
            {ticketStatuses.map((status) => (
              <li key={status}>
                <CountCard
                  label={statusLabel(status, t)}
                  count={counts.data.byStatus[status]}
                  to={`/tickets?status=${encodeURIComponent(status)}`}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
