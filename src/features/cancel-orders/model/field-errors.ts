/** Words for an error on one of the cancel form's fields: the service's own words for a 400, ours for the schema's. */
import type { TFunction } from '../../../lib/i18n/translator';
import type { FieldError } from 'react-hook-form';
import { cancelOrderFields, cancelOrderInputKeys, pathOf, type CancelOrderInputKey } from '../../../domain/cancel-order-fields';
import type { CancelOrderFieldName } from './form-values';
import '../../../lib/i18n/field-words';

/** setError type for what the service named in a 400's invalidFields: its message is shown as it came. */
export const SERVER_ERROR = 'server';

/** The table's field behind a form name (a reference's id is its reference's field). */
export function inputOf(name: CancelOrderFieldName): (typeof cancelOrderFields)[CancelOrderInputKey] {
  const key = cancelOrderInputKeys.find((k) => pathOf(k) === name) as CancelOrderInputKey;
  return cancelOrderFields[key];
}

/**
 * The schema can fail these fields in only a few ways (an empty id; a date-time without its offset), so each gets
 * a sentence in GOV.UK manner ("Enter the ID …") rather than the generic "Identifier: enter a value".
 */
export function fieldErrorText(name: CancelOrderFieldName, error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error) return undefined;
  if (error.type === SERVER_ERROR && error.message) return error.message;
  const { label, input } = inputOf(name);
  const field = t(label);
  if (!input.optional && (error.type === 'too_small' || error.type === 'invalid_type')) {
    return 'missing' in input ? t(input.missing) : t('validation.required', { field });
  }
  if (input.kind === 'dateTime') return t('cancel.form.dateInvalid', { field });
  return t('validation.invalid', { field });
}
