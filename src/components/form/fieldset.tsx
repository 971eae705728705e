/** A group of controls with its legend (a question or a heading), hint and a group-level error. */
import type { ReactNode } from 'react';
import { ErrorMessage, Hint, OptionalMarker } from './field';
import { describedBy } from './field-id';
import './form-section';
import './form.css';

type Props = {
  /** Id of the fieldset: error summary links for a group-level error (too few contacts) point here. */
  id: string;
  legend: ReactNode;
  /** 'heading': the legend is also an h2/h3, as GOV.UK does when a group is the page's question or a section. */
  legendSize?: 'plain' | 'medium' | 'small';
  legendHeading?: 'h2' | 'h3' | 'h4';
  hint?: ReactNode;
  optional?: boolean;
  error?: string;
  children: ReactNode;
  className?: string;
};

export function Fieldset({ id, legend, legendSize = 'plain', legendHeading, hint, optional, error, children, className }: Props) {
  const Heading = legendHeading;
  const legendContent = (
    <>
      {legend}
      <OptionalMarker optional={optional} />
    </>
  );
  return (
    <div className={['form-group', error ? 'form-group--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      {/* tabIndex -1: the summary link for a group error moves focus to the group itself. */}
      <fieldset id={id} tabIndex={-1} className="form-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <legend className={`form-legend form-legend--${legendSize}`}>
          {Heading ? <Heading className="form-legend__heading">{legendContent}</Heading> : legendContent}
        </legend>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
        {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
        {children}
      </fieldset>
    </div>
  );
}
