/** A failed load, said in words (what failed, why, what the service said) with a way to try again. */
import { useWords } from '../lib/i18n/react';
import { describeError } from '../api/describe-error';
import { Loading } from './loading';

type Props = {
  /** What could not be done, e.g. "The ticket counts could not be loaded." */
  title: string;
  error: unknown;
  onRetry?: () => void;
  /** A retry is running: presses are ignored so they do not queue requests. */
  retrying?: boolean;
};

export function ErrorPanel({ title, error, onRetry, retrying = false }: Props) {
  const t = useWords();
  const { message, detail } = describeError(error, t);
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">{title}</p>
      <p>{message}</p>
      {detail ? <p className="error-panel__detail">{detail}</p> : null}
      {onRetry ? (
        // aria-disabled rather than disabled: a disabled button drops keyboard focus to the page's top.
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={retrying || undefined}
          onClick={() => {
            if (!retrying) onRetry();
          }}
        >
          {t('common.retry')}
        </button>
      ) : null}
      {retrying ? <Loading /> : null}
    </div>
  );
}
