/** A labelled single-line text input; spread react-hook-form's register() result (or any input props) into it. */
import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldText } from './field';
import { describedBy, fieldId } from './field-id';

type Props = FieldText &
  Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
    name: string;
    id?: string;
    type?: 'text' | 'email' | 'tel';
    /** Width in characters, as GOV.UK sizes inputs to the answer they expect. */
    width?: 4 | 10 | 20 | 30;
  };

export function TextInput({ label, hint, optional, error, id, name, type = 'text', width, className, ...input }: Props) {
  const controlId = id ?? fieldId(name);
  return (
    <Field id={controlId} label={label} hint={hint} optional={optional} error={error}>
      <input
        {...input}
        id={controlId}
        name={name}
        type={type}
        className={['form-input', width ? `form-input--width-${width}` : '', error ? 'form-input--error' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, { hint, error })}
      />
    </Field>
  );
}
