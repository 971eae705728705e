/** A form group: label, optional marker, hint, inline error (same words as the summary), then the control. */
import type { ReactNode } from 'react';
import { useWords } from '../../lib/i18n/react';
import { errorId, hintId } from './field-id';
import './form-section';
import './form.css';

export type FieldText = {
  label: string;
  hint?: ReactNode;
  /** Adds "(optional)" to the label; required fields carry no marker (GOV.UK: no asterisks). */
  optional?: boolean;
  /** The error in words; the group is marked and the control gets aria-invalid. */
  error?: string;
};

type Props = FieldText & {
  id: string;
  children: ReactNode;
  /** Renders the label visually hidden (a table-like row where a column heading says it). */
  hideLabel?: boolean;
  className?: string;
};

/** The inline error: the prefix "Error:" is read by screen readers but not shown. */
export function ErrorMessage({ id, children }: { id: string; children: string }) {
  const t = useWords();
  return (
    <p id={errorId(id)} className="form-error-message">
      <span className="visually-hidden">{t('form.errorPrefix')}</span> {children}
    </p>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={hintId(id)} className="form-hint">
      {children}
    </div>
  );
}

export function OptionalMarker({ optional }: { optional?: boolean }) {
  const t = useWords();
  // The space sits outside the span: accessible names drop an element's leading space ("Title(optional)").
  return optional ? (
    <>
      {' '}
      <span className="form-optional">{t('form.optional')}</span>
    </>
  ) : null;
}

export function Field({ id, label, hint, optional, error, children, hideLabel, className }: Props) {
  return (
    <div className={['form-group', error ? 'form-group--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'form-label'}>
        {label}
        <OptionalMarker optional={optional} />
      </label>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
      {children}
    </div>
  );
}
