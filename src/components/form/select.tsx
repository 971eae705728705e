/** A labelled select; the first option may be an empty "Choose …" that leaves the answer out. */
import type { ComponentPropsWithRef } from 'react';
import { Field, type FieldText } from './field';
import { describedBy, fieldId } from './field-id';

export type Option = { value: string; label: string };

type Props = FieldText &
  Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
    name: string;
    id?: string;
    options: readonly Option[];
    /** Text of an empty first option (value ''), e.g. "Choose a role" or "Not provided". */
    emptyOption?: string;
  };

export function Select({ label, hint, optional, error, id, name, options, emptyOption, className, ...select }: Props) {
  const controlId = id ?? fieldId(name);
  return (
    <Field id={controlId} label={label} hint={hint} optional={optional} error={error}>
      <select
        {...select}
        id={controlId}
        name={name}
        className={['form-select', error ? 'form-input--error' : '', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, { hint, error })}
      >
        {emptyOption === undefined ? null : <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
