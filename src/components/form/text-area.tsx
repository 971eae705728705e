/** A labelled textarea, with a character counter when it has a limit (counted in code points, as the domain does). */
import { useEffect, useState, type ComponentPropsWithRef } from 'react';
import { useWords } from '../../lib/i18n/react';
import { codePointLength } from '../../domain/common';
import { Field, type FieldText } from './field';
import { describedBy, fieldId } from './field-id';

type Props = FieldText &
  Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'maxLength' | 'value'> & {
    name: string;
    id?: string;
    /** The limit the counter counts towards; typing past it is allowed (the counter says so), never cut off. */
    maxLength?: number;
    /** The current value, for the counter (register() leaves the textarea uncontrolled). */
    value?: string;
  };

/** GOV.UK announces the count only after typing pauses, so a screen reader is not interrupted at every key. */
const announceDelay = 1000;

function CharacterCount({ id, max, length }: { id: string; max: number; length: number }) {
  const t = useWords();
  const over = length > max;
  const text = over
    ? t('form.charactersTooMany', { count: length - max })
    : t('form.charactersRemaining', { count: max - length });
  const [announced, setAnnounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(text), announceDelay);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <p className={over ? 'form-count form-count--over' : 'form-count'} aria-hidden="true">
        {text}
      </p>
      <p id={`${id}-count-limit`} className="visually-hidden">
        {t('form.characterLimit', { max })}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </>
  );
}

export function TextArea({ label, hint, optional, error, id, name, maxLength, value, rows = 4, className, ...textarea }: Props) {
  const controlId = id ?? fieldId(name);
  return (
    <Field id={controlId} label={label} hint={hint} optional={optional} error={error}>
      <textarea
        {...textarea}
        id={controlId}
        name={name}
        rows={rows}
        className={['form-textarea', error ? 'form-input--error' : '', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, {
          hint,
          error,
          extra: maxLength === undefined ? undefined : `${controlId}-count-limit`,
        })}
      />
      {maxLength === undefined ? null : <CharacterCount id={controlId} max={maxLength} length={codePointLength(value ?? '')} />}
    </Field>
  );
}
