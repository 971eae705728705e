/** Words for an error on one of the cancel form's fields: the service's own words for a 400, ours for the schema's. */
import type { TFunction } from '../../../lib/i18n/translator';
import type { MessageKey } from '../../../lib/i18n/keys';
import type { FieldError } from 'react-hook-form';
import type { CancelOrderFieldName } from './form-values';
import '../../../lib/i18n/field-words';

/** setError type for what the service named in a 400's invalidFields: its message is shown as it came. */
export const SERVER_ERROR = 'server';

export const fieldLabelKeys: Record<CancelOrderFieldName, MessageKey> = {
  'productOrder.id': 'cancel.fields.productOrderId',
  cancellationReason: 'cancel.fields.cancellationReason',
  requestedCancellationDate: 'cancel.fields.requestedCancellationDate',
};

/**
 * The schema can fail these fields in only a few ways (an empty id; a date-time without its offset), so each gets
 * a sentence in GOV.UK manner ("Enter the ID …") rather than the generic "Identifier: enter a value".
 */
export function fieldErrorText(name: CancelOrderFieldName, error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error) return undefined;
  if (error.type === SERVER_ERROR && error.message) return error.message;
  if (name === 'productOrder.id' && (error.type === 'too_small' || error.type === 'invalid_type')) {
    return t('cancel.form.productOrderIdRequired');
  }
  if (name === 'requestedCancellationDate') return t('cancel.form.dateInvalid');
  return t('validation.invalid', { field: t(fieldLabelKeys[name]) });
}
