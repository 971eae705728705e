/** A radio group in a fieldset: the legend asks the question; the first radio carries the field's id for error links. */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ErrorMessage, Hint, OptionalMarker } from './field';
import { describedBy, fieldId, hintId } from './field-id';
import './form-section';
import './form.css';

export type RadioOption = { value: string; label: string; hint?: string };

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'value'>;

type Props = {
  name: string;
  id?: string;
  legend: ReactNode;
  legendSize?: 'plain' | 'medium' | 'small';
  hint?: ReactNode;
  optional?: boolean;
  error?: string;
  options: readonly RadioOption[];
  /** Side by side, for two or three short answers (Yes / No). */
  inline?: boolean;
  /** Props for every radio (react-hook-form's register() result: name, onChange, onBlur, ref). */
  inputProps?: InputProps;
  /** Controlled use: the checked value (leave undefined with register()). */
  value?: string;
};

export function Radios({ name, id, legend, legendSize = 'plain', hint, optional, error, options, inline, inputProps, value }: Props) {
  const controlId = id ?? fieldId(name);
  return (
    <div className={['form-group', error ? 'form-group--error' : ''].filter(Boolean).join(' ')}>
      <fieldset className="form-fieldset" aria-describedby={describedBy(controlId, { hint, error })}>
        <legend className={`form-legend form-legend--${legendSize}`}>
          {legend}
          <OptionalMarker optional={optional} />
        </legend>
        {hint ? <Hint id={controlId}>{hint}</Hint> : null}
        {error ? <ErrorMessage id={controlId}>{error}</ErrorMessage> : null}
        <div className={inline ? 'form-radios form-radios--inline' : 'form-radios'}>
          {options.map((option, index) => {
            // The first radio takes the field's own id, so "#field-…" links from the error summary land on the group.
            const optionId = index === 0 ? controlId : `${controlId}-${option.value.replace(/[^A-Za-z0-9_-]/g, '-')}`;
            return (
              <div className="form-radios__item" key={option.value}>
                <input
                  {...inputProps}
                  name={inputProps?.name ?? name}
                  id={optionId}
                  type="radio"
                  value={option.value}
                  className="form-radios__input"
                  {...(value === undefined ? {} : { checked: value === option.value })}
                  aria-describedby={option.hint ? hintId(optionId) : undefined}
                />
                <label htmlFor={optionId} className="form-radios__label">
                  {option.label}
                </label>
                {option.hint ? (
                  <div id={hintId(optionId)} className="form-hint form-radios__hint">
                    {option.hint}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
