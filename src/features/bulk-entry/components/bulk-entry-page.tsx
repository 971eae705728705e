/**
 * /tickets/bulk, "Many tickets at once" (issue 41): shared answers, the lines, their check, and the send through the
 * outbox; with `?batch=` the batch on its way and its result. The app hands in what the wizard knows (a ticket's
 * copy, the drafts) as `sources`, since a feature never imports another.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TextInput } from '../../../components/form/text-input';
import { PageHeading } from '../../../components/page-heading';
import { bulkLimits } from '../../../lib/bulk-limits';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { queueBatch, type ReadyLine } from '../model/batch';
import { checkLine, checkLines, type CheckedLine, type SharedAnswers } from '../model/check';
import { bulkColumns, type BulkColumn } from '../model/columns';
import type { Line } from '../model/parse';
import { BatchView } from './batch-view';
import { CheckGrid } from './check-grid';
import { LinesInput, type ReadLines } from './lines-input';
import { SharedAnswersSection, type SharedSources } from './shared-answers';
import '../bulk-section';
import './bulk.css';

function SendButton({ ready, onSend }: { ready: readonly ReadyLine[]; onSend(): Promise<void> }) {
  const t = useWords();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const count = ready.length;
  const send = () => {
    setSending(true);
    setFailed(false);
    onSend().catch(() => {
      setFailed(true);
      setSending(false);
    });
  };
  return (
    <div className="stack">
      {confirming ? (
        <div className="bulk-confirm" role="alertdialog" aria-labelledby="bulk-confirm-text">
          <p id="bulk-confirm-text">{t('bulk.send.confirm', { count })}</p>
          <div className="button-group">
            <button type="button" className="button" disabled={sending} onClick={send}>
              {t('bulk.send.confirmYes', { count })}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('bulk.send.confirmNo')}
            </button>
          </div>
        </div>
      ) : (
        <p>
          <button type="button" className="button" disabled={count === 0 || sending} onClick={() => (count > bulkLimits.confirmAbove ? setConfirming(true) : send())}>
            {t('bulk.send.button', { count })}
          </button>
        </p>
      )}
      {failed ? <p role="alert" className="form-error-message">{t('bulk.send.failed')}</p> : null}
    </div>
  );
}

function Compose({ sources }: { sources: SharedSources }) {
  const t = useWords();
  const navigate = useNavigate();
  const { userId } = useSession();
  const [shared, setShared] = useState<SharedAnswers | undefined>(undefined);
  const onShared = useCallback((next: SharedAnswers | undefined) => setShared(next), []);
  const [read, setRead] = useState<ReadLines | undefined>(undefined);
  const [prefix, setPrefix] = useState('');
  const [checked, setChecked] = useState<CheckedLine[] | undefined>(undefined);
  const [onlyAttention, setOnlyAttention] = useState(false);
  const lines = useRef<Line[]>([]);

  const onRead = useCallback((next: ReadLines) => {
    lines.current = next.parsed.kind === 'lines' ? next.parsed.lines : [];
    setRead(next);
    setPrefix(next.prefix);
  }, []);

  // The whole check runs again for new lines, new shared answers or a new prefix; a fix in place checks its line only.
  useEffect(() => {
    if (lines.current.length === 0) {
      setChecked(undefined);
      return undefined;
    }
    const stop = new AbortController();
    setChecked(undefined);
    void checkLines(shared ?? {}, lines.current, prefix, stop.signal).then((result) => {
      if (result) setChecked(result);
    });
    return () => stop.abort();
  }, [read, shared, prefix]);

  const onEdit = useCallback(
    (row: number, column: BulkColumn, value: string) => {
      const at = lines.current.findIndex((line) => line.row === row);
      const line = lines.current[at];
      if (!line) return;
      const cells = { ...line.cells };
      if (value.trim() === '') delete cells[column];
      else cells[column] = value.trim();
      const next = { ...line, cells };
      lines.current = lines.current.with(at, next);
      setChecked((current) => current?.map((old) => (old.row === row ? checkLine(shared ?? {}, next, prefix) : old)));
    },
    [prefix, shared],
  );

  const ready = useMemo(
    () => (checked ?? []).flatMap((line): ReadyLine[] => (line.body ? [{ row: line.row, externalId: line.externalId, body: line.body, cells: line.cells }] : [])),
    [checked],
  );
  const attention = (checked?.length ?? 0) - ready.length;
  const columns = useMemo(() => {
    const shown = new Set<BulkColumn>(['externalIdentifier', ...(read?.parsed.kind === 'lines' ? read.parsed.columns : [])]);
    for (const line of checked ?? []) for (const issue of line.issues) if (issue.column) shown.add(issue.column);
    return bulkColumns.filter((column) => shown.has(column));
  }, [checked, read]);

  const send = async () => {
    await queueBatch(userId, prefix, ready);
    await navigate(`/tickets/bulk?batch=${encodeURIComponent(prefix)}`);
  };

  const shownLines = onlyAttention ? (checked ?? []).filter((line) => line.issues.length > 0) : (checked ?? []);
  return (
    <div className="stack bulk-page">
      <PageHeading>{t('bulk.title')}</PageHeading>
      <p>{t('bulk.intro')}</p>
      {/* At desk width the shared answers and the lines stand side by side, so the check starts on the first screen. */}
      <div className="bulk-compose">
        <SharedAnswersSection sources={sources} onShared={onShared} />
        <LinesInput read={read} onRead={onRead} />
      </div>
      {read?.parsed.kind === 'lines' ? (
        <section className="stack" aria-labelledby="bulk-check-title">
          <h2 id="bulk-check-title">{t('bulk.check.title')}</h2>
          <TextInput name="bulk-prefix" label={t('bulk.lines.prefix')} hint={t('bulk.lines.prefixHint')} width={20} value={prefix} onChange={(event) => setPrefix(event.target.value)} />
          <div aria-live="polite" className="bulk-summary">
            {checked ? (
              <>
                <p className="bulk-summary__ready">{t('bulk.check.ready', { count: ready.length })}</p>
                {attention > 0 ? <p className="bulk-summary__attention">{t('bulk.check.attention', { count: attention })}</p> : null}
              </>
            ) : (
              <p>{t('bulk.lines.checking', { count: read.parsed.lines.length })}</p>
            )}
          </div>
          {checked ? (
            <>
              {attention > 0 ? (
                <label className="bulk-filter">
                  <input type="checkbox" checked={onlyAttention} onChange={(event) => setOnlyAttention(event.target.checked)} /> {t('bulk.check.onlyAttention')}
                </label>
              ) : null}
              <CheckGrid lines={shownLines} columns={columns} onEdit={onEdit} />
              <SendButton ready={ready} onSend={send} />
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function BulkEntryPage({ sources }: { sources: SharedSources }) {
  const [params] = useSearchParams();
  const batch = params.get('batch');
  return batch ? <BatchView batch={batch} /> : <Compose sources={sources} />;
}
