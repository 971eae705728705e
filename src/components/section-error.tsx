/**
 * A section's failed load, compact: "Could not be loaded." with Retry and a "Why?" that shows the reason, in at most two
 * lines, so it fits the room the section held while it loaded (nothing below it moves when a read fails; issue 37).
 */
import { useId, useState } from 'react';
import { describeError } from '../api/describe-error';
import { useWords } from '../lib/i18n/react';
import './section-error.css';

type Props = {
  /** What could not be loaded, e.g. "The number of overdue tickets could not be loaded.": what a screen reader says. */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** A retry is running: presses are ignored so they do not queue requests. */
  retrying?: boolean;
};

export function SectionError({ title, error, onRetry, retrying = false }: Props) {
  const t = useWords();
  const [open, setOpen] = useState(false);
  const whyId = useId();
  const { message, detail } = describeError(error, t);
  return (
    <div className="section-error" role="alert">
      <p className="section-error__line">
        {/* The section's heading stands right above and says what failed, so the eye reads the short words; an alert
            is announced without that heading, so a screen reader reads the full sentence instead. */}
        <span className="visually-hidden">{title}</span>
        <span className="section-error__what" aria-hidden="true">
          {t('common.notLoaded')}
        </span>{' '}
        <span className="section-error__actions">
          {/* aria-disabled rather than disabled: a disabled button drops keyboard focus to the page's top. */}
          <button
            type="button"
            className="section-error__action"
            aria-disabled={retrying || undefined}
            onClick={() => {
              if (!retrying) onRetry();
            }}
          >
            {t('common.retry')}
          </button>{' '}
          <button type="button" className="section-error__action" aria-expanded={open} aria-controls={whyId} onClick={() => setOpen(!open)}>
            {t('common.notLoadedWhy')}
          </button>
        </span>
      </p>
      {/* The reason opens under the line at the agent's press (a move the agent asked for is no layout shift). */}
      <div id={whyId} className="section-error__why" hidden={!open}>
        <p>{message}</p>
        {detail ? <p className="section-error__detail">{detail}</p> : null}
      </div>
    </div>
  );
}
