/** A local date and time (datetime-local) in, an RFC 3339 date-time with the local offset out; the zone is shown. */
import type { FocusEventHandler, Ref } from 'react';
import { useWords } from '../../lib/i18n/react';
import { Field, type FieldText } from './field';
import { describedBy, fieldId } from './field-id';
import { isoToLocal, localTimeZone, localToIso } from './local-date-time';

type Props = FieldText & {
  name: string;
  id?: string;
  /** An RFC 3339 date-time with offset, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
};

export function DateTimeInput({ label, hint, optional, error, name, id, value, onChange, onBlur, inputRef }: Props) {
  const t = useWords();
  const controlId = id ?? fieldId(name);
  const zone = localTimeZone();
  const fullHint = (
    <>
      {hint ? <span className="form-hint__line">{hint}</span> : null}
      <span className="form-hint__line">{t('form.timeZone', { zone })}</span>
      {value ? <span className="form-hint__line form-hint__sent">{t('form.sentAs', { value })}</span> : null}
    </>
  );
  return (
    <Field id={controlId} label={label} hint={fullHint} optional={optional} error={error}>
      <input
        ref={inputRef}
        id={controlId}
        name={name}
        type="datetime-local"
        className={['form-input', 'form-input--date-time', error ? 'form-input--error' : ''].filter(Boolean).join(' ')}
        // A value that is not a date-time (say, from an old draft) shows as empty rather than as a wrong time.
        value={isoToLocal(value)}
        onChange={(event) => onChange(localToIso(event.target.value))}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, { hint: true, error })}
      />
    </Field>
  );
}
