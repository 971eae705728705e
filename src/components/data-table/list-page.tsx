/**
 * A list screen's frame, the same for every list (tickets, cancellations): the heading on one line with the filter
 * bar, the active filters' chips, then the results; wide on a wide window.
 */
import type { ReactNode } from 'react';
import './list-page.css';

type Props = {
  /** The list's own class, for what only it has. */
  className: string;
  /** The page's h1. */
  heading?: ReactNode;
  /** The filter bar (a form with the class `list-filters`, its controls in `list-filters__bar`). */
  filters: ReactNode;
  /** What the screen says before its list (an intro, the button that creates), on one compact line under the bar. */
  intro?: ReactNode;
  chips: ReactNode;
  /** The results (ListResults), with their tools and the export. */
  children: ReactNode;
};

export function ListPage({ className, heading, filters, intro, chips, children }: Props) {
  return (
    <div className={`list-page ${className}`}>
      <div className="list-page__top">
        {heading}
        {filters}
      </div>
      {intro ? <div className="list-page__intro">{intro}</div> : null}
      {chips}
      {children}
    </div>
  );
}
