/**
 * Export of a list's current view as CSV (the ticket list, the cancellation list): a button, then progress with Cancel,
 * then what was downloaded (or why not).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useWords } from '../../lib/i18n/react';
import type { ListQuery } from '../../api/client';
import { isAbortError } from '../../api/errors';
import { ErrorPanel } from '../error-panel';
import { useApi } from '../../api/api-context';
import { formatNumber } from '../../lib/format';
import type { MessageKey } from '../../lib/i18n/keys';
import {
  downloadText,
  exportFileName,
  fetchAllRows,
  toCsv,
  type ExportColumn,
  type ExportProgress,
  type PageFetcher,
} from './export-csv';
import './list-section';

/** The list's own words, as keys: progress naming its rows ("… of 240 tickets") and the file's name. */
export type ExportWordKeys = { progress: MessageKey; progressUnknownTotal: MessageKey; fileName: MessageKey };

type Props<Row extends { id: string }> = {
  /** The view on screen without its page: the same filters, sort and fields. */
  view: Omit<ListQuery, 'offset' | 'limit'>;
  /** The shown columns, in order: the CSV's columns. */
  columns: readonly ExportColumn<Row>[];
  /** False while the view has no rows: exporting nothing helps nobody (a running export goes on, though). */
  canStart: boolean;
  /** One page of the list from the service (a module constant). */
  fetchPage: PageFetcher<Row>;
  wordKeys: ExportWordKeys;
};

type Run =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress }
  | { phase: 'done'; file: string; count: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown };

/** Announced in tenths, so a screen reader is not flooded by a page-by-page count on a long export. */
function tenths(progress: ExportProgress): number {
  return progress.total ? Math.floor((10 * progress.done) / progress.total) : Math.floor(progress.done / 1000);
}

export function ExportPanel<Row extends { id: string }>({ view, columns, canStart, fetchPage, wordKeys }: Props<Row>) {
  const t = useWords();
  const api = useApi();
  const id = useId();
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The live region's words, changed only when the export passes another tenth (see tenths()).
  const [liveText, setLiveText] = useState('');
  const lastTenth = useRef(-1);

  const describe = (progress: ExportProgress) =>
    progress.total === undefined
      ? t(wordKeys.progressUnknownTotal, { done: formatNumber(progress.done) })
      : t(wordKeys.progress, { done: formatNumber(progress.done), total: formatNumber(progress.total) });

  // Leaving the screen stops a running export: nobody is left to receive the file.
  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (run.phase === 'running') cancelButton.current?.focus();
  }, [run.phase]);

  const start = async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    lastTenth.current = -1;
    setLiveText('');
    setRun({ phase: 'running', progress: { done: 0, total: undefined } });
    try {
      const rows = await fetchAllRows(fetchPage, api, view, {
        signal: abort.signal,
        onProgress: (progress) => {
          setRun({ phase: 'running', progress });
          const tenth = tenths(progress);
          if (tenth !== lastTenth.current) {
            lastTenth.current = tenth;
            setLiveText(describe(progress));
          }
        },
      });
      const file = exportFileName(t(wordKeys.fileName), new Date());
      const csv = await toCsv(columns, rows);
      // Cancel pressed while the file was being written still means no file.
      abort.signal.throwIfAborted();
      downloadText(csv, file);
      setRun({ phase: 'done', file, count: rows.length });
    } catch (error) {
      setRun(abort.signal.aborted || isAbortError(error) ? { phase: 'cancelled' } : { phase: 'failed', error });
    } finally {
      if (controller.current === abort) controller.current = null;
      // The Cancel button is gone: if focus went with it, it returns to the button that starts an export (an agent who
      // moved on while the export ran keeps their place).
      requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) startButton.current?.focus();
      });
    }
  };

  const cancel = () => controller.current?.abort();

  const progress = run.phase === 'running' ? run.progress : undefined;
  const progressText = progress ? describe(progress) : '';

  return (
    <div className="export-panel">
      {run.phase === 'running' ? (
        <div className="export-panel__running">
          <label htmlFor={`${id}-progress`} className="visually-hidden">
            {t('list.export.progressLabel')}
          </label>
          <progress
            id={`${id}-progress`}
            className="export-panel__bar"
            max={progress?.total ?? undefined}
            value={progress?.total === undefined ? undefined : progress.done}
            aria-valuetext={progressText}
          />
          <span className="export-panel__count" aria-hidden="true">
            {progressText}
          </span>
          <button type="button" ref={cancelButton} className="button button--secondary" onClick={cancel}>
            {t('list.export.cancel')}
          </button>
        </div>
      ) : canStart ? (
        <button
          type="button"
          ref={startButton}
          className="button button--secondary"
          aria-describedby={`${id}-hint`}
          onClick={() => void start()}
        >
          {t('list.export.button')}
        </button>
      ) : null}
      {canStart || run.phase === 'running' ? (
        <p id={`${id}-hint`} className="hint export-panel__hint">
          {t('list.export.hint')}
        </p>
      ) : null}
      <div role="status" className="export-panel__status">
        {/* The live text changes in tenths (see above); the bar and its visible count move with every page. */}
        {run.phase === 'running' ? <span className="visually-hidden">{liveText}</span> : null}
        {run.phase === 'done' ? <p>{t('list.export.done', { file: run.file, count: formatNumber(run.count) })}</p> : null}
        {run.phase === 'cancelled' ? <p>{t('list.export.cancelled')}</p> : null}
      </div>
      {run.phase === 'failed' ? (
        <ErrorPanel title={t('list.export.failed')} error={run.error} onRetry={() => void start()} />
      ) : null}
    </div>
  );
}
