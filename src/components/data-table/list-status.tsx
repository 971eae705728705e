/** The states around a list's rows: progress that keeps the old rows, the empty result, and a failure with Retry. */
import type { ReactNode, RefObject } from 'react';
import { useWords } from '../../lib/i18n/react';
import { ErrorPanel } from '../error-panel';
import './data-table.css';
import './list-section';

/**
 * Always in the page (a live region must exist before its text changes to be announced), so it takes its room once
 * and the table below never jumps. The first load says "Loading…", a later one "Updating the list…" above the rows.
 */
export function ListProgress({ fetching, hasRows }: { fetching: boolean; hasRows: boolean }) {
  const t = useWords();
  return (
    <div className="list-progress" role="status">
      {fetching ? (
        <span className="loading">
          <span className="loading__spinner" aria-hidden="true" />
          {hasRows ? t('list.updating') : t('list.loading')}
        </span>
      ) : null}
    </div>
  );
}

/** Nothing matched: says so in words, with a way on (clear the filters, say). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}

type ErrorProps = {
  title: string;
  error: unknown;
  onRetry: () => Promise<unknown>;
  retrying: boolean;
  /** Where focus goes once the retry settles: the pressed button is gone by then (rows or a new panel replace it). */
  focusAfterRetry: RefObject<HTMLElement | null>;
};

export function ListError({ title, error, onRetry, retrying, focusAfterRetry }: ErrorProps) {
  return (
    <ErrorPanel
      title={title}
      error={error}
      retrying={retrying}
      onRetry={() => {
        void onRetry().finally(() => focusAfterRetry.current?.focus());
      }}
    />
  );
}
