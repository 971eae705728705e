/**
 * A 400's `invalidFields` placed on the form (docs/decisions/0017): a field or a list of the form gets the service's
 * words inline (the field's or the list's own error); a path that names no field (the body, an object) is left for
 * the summary. Pure: the form state in, the errors to set and the words left over out.
 */
import { get, type FieldError } from 'react-hook-form';
import type { InvalidField } from '../../../domain/error';
import type { EntryValues } from './form-values';
import { fieldNameOf } from './paths';
import { errorName, serverError } from './validate';

export type PlacedErrors = { fields: { name: string; error: FieldError }[]; unplaced: string[] };

export function placeInvalidFields(invalidFields: readonly InvalidField[], values: EntryValues): PlacedErrors {
  const placed: PlacedErrors = { fields: [], unplaced: [] };
  for (const invalid of invalidFields) {
    const name = fieldNameOf(invalid.path, values);
    const value: unknown = name ? get(values, name) : undefined;
    if (typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value)) {
      placed.fields.push({ name: errorName(name, values), error: serverError(invalid.message) });
    } else {
      placed.unplaced.push(invalid.message);
    }
  }
  return placed;
}
