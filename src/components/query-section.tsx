/** A titled section that shows a query's progress, its failure in words with Retry (compact), or its data. */
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, type ReactNode } from 'react';
import { Loading } from './loading';
import { SectionError } from './section-error';

type Props<T> = {
  title: string;
  /**
   * What could not be loaded, e.g. "The ticket counts could not be loaded.": what a screen reader announces when the read
   * fails (the eye reads "Could not be loaded." right under the section's title).
   */
  errorTitle: string;
  query: UseQueryResult<T>;
  /**
   * What the section is for, under its title, shown from the first paint whatever the query's state: words that do not
   * wait for data (and, being the first screen's largest text, paint its largest content early; decision 0057).
   */
  hint?: string;
  children: (data: T) => ReactNode;
  /**
   * Shown, invisible and inert, while the first load is pending or has failed: the loaded content's own layout, so
   * nothing below it jumps when the data or the failure arrives (the overview's layout shift: e2e/smoke.spec.ts, docs/quality.md).
   */
  reserve?: ReactNode;
};

export function QuerySection<T>({ title, errorTitle, query, hint, children, reserve }: Props<T>) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The data, deferred: TanStack Query's updates render synchronously, in one task with everything else that arrived.
  // The section's content renders in a second pass that React slices and may interrupt, so the main thread stays
  // free for input (decision 0058: total blocking time). Until that pass, the section shows what it showed before.
  const data = useDeferredValue(query.data);
  const shown = query.isSuccess && data !== undefined;
  const pending = query.isPending || (query.isSuccess && !shown);
  // With a reserve, the progress message and the failure (compact: two lines at most) stand over it, in one grid cell:
  // the section is as high while it loads, once loaded and when it failed, so nothing below it moves when the data
  // or the failure arrives (on a phone, where sections stack, too; the overview's error state, issue 37).
  const overReserve = (content: ReactNode) =>
    reserve ? (
      <div className="query-section__pending">
        {content}
        <div className="query-section__reserve" aria-hidden="true" inert>
          {reserve}
        </div>
      </div>
    ) : (
      content
    );
  return (
    <section className="query-section" aria-labelledby={headingId} aria-busy={pending}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {hint ? <p className="hint">{hint}</p> : null}
      {pending ? overReserve(<Loading />) : null}
      {query.isError
        ? overReserve(
            <SectionError
              title={errorTitle}
              error={query.error}
              retrying={query.isFetching}
              onRetry={() => {
                // Retry swaps the failure for "Loading…" (there is no data yet), so the pressed link goes away. Once the
                // retry settles, focus goes to the section heading, so keyboard and screen reader users stay here.
                void query.refetch().finally(() => heading.current?.focus());
              }}
            />,
          )
        : null}
      {shown ? children(data) : null}
    </section>
  );
}
