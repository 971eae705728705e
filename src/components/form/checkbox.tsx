/** A single checkbox with its label, and a group of checkboxes in a fieldset. */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ErrorMessage, Hint, OptionalMarker } from './field';
import { describedBy, fieldId, hintId } from './field-id';
import './form-section';
import './form.css';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'>;

type CheckboxProps = InputProps & {
  name: string;
  id?: string;
  label: string;
  hint?: string;
};

export function Checkbox({ name, id, label, hint, className, ...input }: CheckboxProps) {
  const controlId = id ?? fieldId(name);
  return (
    <div className={['form-checkboxes__item', className ?? ''].filter(Boolean).join(' ')}>
      <input
        {...input}
        id={controlId}
        name={name}
        type="checkbox"
        className="form-checkboxes__input"
        aria-describedby={hint ? hintId(controlId) : undefined}
      />
      <label htmlFor={controlId} className="form-checkboxes__label">
        {label}
      </label>
      {hint ? (
        <div id={hintId(controlId)} className="form-hint form-checkboxes__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type CheckboxesProps = {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  error?: string;
  /** Checkbox elements; the first should take `id` so an error link lands on the group. */
  children: ReactNode;
};

export function Checkboxes({ id, legend, hint, optional, error, children }: CheckboxesProps) {
  return (
    <div className={['form-group', error ? 'form-group--error' : ''].filter(Boolean).join(' ')}>
      <fieldset className="form-fieldset" aria-describedby={describedBy(id, { hint, error })}>
        <legend className="form-legend form-legend--plain">
          {legend}
          <OptionalMarker optional={optional} />
        </legend>
        {hint ? <Hint id={id}>{hint}</Hint> : null}
        {error ? <ErrorMessage id={id}>{error}</ErrorMessage> : null}
        <div className="form-checkboxes">{children}</div>
      </fieldset>
    </div>
  );
}

