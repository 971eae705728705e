/**
 * A plain ticket field's label and value in words, as its table says (src/domain/ticket-fields.ts `show`): the same
 * words on the check page, the ticket page, in the list, its chips and the CSV export. A choice the desk has no words
 * for (a newer service's value) is shown as it came; a yes/no is Yes or No; a date-time in the agent's zone.
 */
import { ticketField, ticketFields, type TicketFieldName } from '../domain/ticket-fields';
import { formatDateTime } from './format';
import { wordsOrValue, type KeyGroup } from './i18n/keys';
import type { TFunction } from './i18n/translator';
import './i18n/field-words';

/** The one label of a plain field. */
export const fieldLabel = (t: TFunction, name: TicketFieldName): string => t(ticketFields[name].label);

/**
 * The value in words, or undefined when there is none: as read (a boolean for a yes/no) or as the wizard holds it
 * ('' unanswered, 'true' / 'false').
 */
export function fieldText(t: TFunction, name: TicketFieldName, value: string | boolean | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  switch (ticketField(name).show) {
    case 'yesNo':
      return t(value === true || value === 'true' ? 'fieldAnswers.yes' : 'fieldAnswers.no');
    case 'choice':
      return wordsOrValue(t, `fieldValues.${name}` as KeyGroup, String(value));
    case 'dateTime':
      return formatDateTime(String(value));
    default:
      return String(value);
  }
}
