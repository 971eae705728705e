/**
 * A batch on its way: a progress bar with its value and a live count, the summary (created, already existed, refused,
 * waiting), pause and go on, and each line's result linked to its ticket; the result as CSV. Read from the outbox, so
 * it is the same after a reload, and goes on by itself when the connection or the session returns.
 */
import { Link } from 'react-router-dom';
import { downloadText, exportFileName, toCsv } from '../../../components/data-table/export-csv';
import { TicketOutcome } from '../../../components/outcomes/ticket-outcome';
import { PageHeading } from '../../../components/page-heading';
import { useWords } from '../../../lib/i18n/react';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session';
import { useBatch } from '../hooks/use-batch';
import { countRows, holdBatch, type BatchRow } from '../model/batch';
import { resultTable, resultText, ticketIdOf } from '../model/result-csv';
import '../bulk-section';

/** A line's result in a few words, linked to its ticket; a send that did not go through also by the outcome's own component. */
function ResultCell({ row }: { row: BatchRow }) {
  const t = useWords();
  const { result } = row;
  const ticketId = ticketIdOf(result);
  const text = resultText(result, t);
  const outcome = 'outcome' in result ? result.outcome : undefined;
  return (
    <td className={`bulk-result bulk-result--${result.kind}`}>
      {ticketId ? <Link to={`/tickets/${encodeURIComponent(ticketId)}`}>{text}</Link> : outcome ? null : text}
      {outcome && !ticketId ? (
        <details>
          <summary>{text}</summary>
          <TicketOutcome outcome={outcome} externalId={row.externalId} />
        </details>
      ) : null}
    </td>
  );
}

export function BatchView({ batch }: { batch: string }) {
  const t = useWords();
  const { userId } = useSession();
  const online = useOnline();
  const rows = useBatch(userId, batch);
  if (rows === undefined) return <PageHeading>{t('bulk.batch.title', { batch })}</PageHeading>;
  const counts = countRows(rows);
  const paused = counts.paused > 0;
  const unsettled = counts.total - counts.settled;

  const download = async () => {
    const table = resultTable(rows, t);
    const csv = await toCsv(
      table.header.map((header, index) => ({ header, text: (row: string[]) => row[index] ?? '' })),
      table.rows,
    );
    downloadText(csv, exportFileName(`batch-${batch.replace(/-$/, '')}`, new Date()));
  };

  return (
    <div className="stack bulk-page">
      <PageHeading>{t('bulk.batch.title', { batch })}</PageHeading>
      {counts.total === 0 ? <p>{t('bulk.batch.none')}</p> : null}
      <div className="bulk-progress">
        <label htmlFor="bulk-progress">{t('bulk.batch.progress')}</label>
        <progress id="bulk-progress" max={Math.max(counts.total, 1)} value={counts.settled} aria-valuetext={t('bulk.batch.count', { done: counts.settled, total: counts.total })} />
        <p aria-live="polite" className="bulk-progress__count">
          {t('bulk.batch.count', { done: counts.settled, total: counts.total })}
        </p>
      </div>
      <ul className="bulk-summary" aria-live="polite">
        <li>{t('bulk.batch.created', { count: counts.created + counts.accepted })}</li>
        <li>{t('bulk.batch.existed', { count: counts.existed })}</li>
        {counts.refused > 0 ? <li>{t('bulk.batch.refused', { count: counts.refused })}</li> : null}
        {unsettled > 0 ? <li>{t('bulk.batch.waiting', { count: unsettled })}</li> : null}
      </ul>
      {counts.signIn > 0 ? <p role="status">{t('bulk.batch.signIn')}</p> : null}
      {!online && unsettled > 0 ? <p role="status">{t('bulk.batch.offline')}</p> : null}
      {paused ? <p role="status">{t('bulk.batch.paused')}</p> : null}
      <div className="button-group">
        {unsettled > 0 && !paused ? (
          <button type="button" className="button button--secondary" onClick={() => void holdBatch(userId, batch, true)}>
            {t('bulk.batch.pause')}
          </button>
        ) : null}
        {paused ? (
          <button type="button" className="button" onClick={() => void holdBatch(userId, batch, false)}>
            {t('bulk.batch.resume')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={() => void download()} disabled={counts.total === 0}>
          {t('bulk.batch.download')}
        </button>
      </div>
      <div className="bulk-grid">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('bulk.columns.row')}</th>
              <th scope="col">{t('bulk.columns.externalIdentifier')}</th>
              <th scope="col">{t('bulk.columns.result')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.externalId}>
                <td>{row.row ?? ''}</td>
                <td>{row.externalId}</td>
                <ResultCell row={row} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to="/tickets?sort=-creationDate">{t('bulk.batch.list')}</Link>
      </p>
      <p>
        <Link to="/tickets/bulk">{t('bulk.batch.another')}</Link>
      </p>
    </div>
  );
}
