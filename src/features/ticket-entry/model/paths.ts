/**
 * Names of form fields and JSON paths of the body, and the catalogue keys that word them: a field's label, its
 * wording when it is a choice ("Select the ticket type"), and which row it sits in ("Contact 2, contact detail 1").
 */
import { isKey } from '../../../lib/i18n/keys';
import type { TFunction } from '../../../lib/i18n/translator';
import { isTicketField, ticketField, type TicketField } from '../../../domain/ticket-fields';
import { pathSegments } from './path-segments';
import type { EntryValues } from './form-values';
import { sentBillingRows } from './to-body';
import '../../../lib/i18n/field-words';

type Segment = string | number;

/**
 * A body path (`relatedParty[0].partyOrPartyRole.familyName`, or issue segments) -> the form field's name
 * (`relatedParty.0.partyOrPartyRole.familyName`). Billing items are rows `{ value }` in the form, and empty ones are
 * not sent, so the body's billingItem[i] is mapped back to its row.
 */
export function fieldNameOf(path: string | readonly Segment[], values: Pick<EntryValues, 'billingItem'>): string {
  const segments = typeof path === 'string' ? pathSegments(path) : [...path];
  if (segments[0] === 'billingItem' && typeof segments[1] === 'number') {
    const row = sentBillingRows(values)[segments[1]];
    return row === undefined ? 'billingItem' : `billingItem.${row}.value`;
  }
  return segments.join('.');
}

/** `relatedParty.3.partyOrPartyRole.@type` -> `relatedParty_partyOrPartyRole_type`: rows and `@` left out. */
export function keyPart(name: string): string {
  return pathSegments(name)
    .filter((segment): segment is string => typeof segment === 'string')
    .map((segment) => (segment === '@type' ? 'type' : segment))
    .join('_');
}

/** The table's facts of a plain input of the wizard (`description`, not `appointment.description`), else undefined. */
export function plainInput(name: string): TicketField | undefined {
  const field = isTicketField(name) ? ticketField(name) : undefined;
  return field?.input ? field : undefined;
}

/**
 * Catalogue key of a field's label in the wizard (the same words on the page and in its errors): a plain input's is
 * its table `label`, the others' `entry.label.<keyPart>`.
 */
export const labelKey = (name: string) => plainInput(name)?.label ?? `entry.label.${keyPart(name)}`;
/**
 * The label key of a field given the row it is in: a related entity's id is a "Product ID" or a "Product test ID"
 * depending on the row's role.
 */
export function labelKeyIn(name: string, values: Pick<EntryValues, 'relatedEntity'>): string {
  const match = /^relatedEntity\.(\d+)\.entity\.id$/.exec(name);
  const role = match ? values.relatedEntity[Number(match[1])]?.role : undefined;
  return role === 'affectedProduct' || role === 'diagnosis' ? `${labelKey(name)}_${role}` : labelKey(name);
}

/** Catalogue key of the wording for an unanswered choice, e.g. "Select the ticket type". */
export const chooseKey = (name: string) => `entry.choose.${keyPart(name)}`;

/** Lists whose rows are numbered for people ("Contact 2"); engagedParty, externalIdentifier … have one row only. */
const numberedRows = ['agreement', 'relatedParty', 'contactMedium', 'relatedEntity', 'faultQuestionnaire', 'billingItem'] as const;
type NumberedRow = (typeof numberedRows)[number];
const isNumberedRow = (list: Segment | undefined): list is NumberedRow => (numberedRows as readonly unknown[]).includes(list);

/** The rows a field sits in, outermost first: `[['relatedParty', 2], ['contactMedium', 1]]` (1-based). */
export function rowsOf(name: string): [list: NumberedRow, position: number][] {
  const segments = pathSegments(name);
  const rows: [NumberedRow, number][] = [];
  segments.forEach((segment, i) => {
    const list = segments[i - 1];
    if (typeof segment === 'number' && isNumberedRow(list)) rows.push([list, segment + 1]);
  });
  return rows;
}

/**
 * A field's label in words: its key's (`labelKey`, or another such as a role's), checked against the words since it
 * is made from the field's name at run time; a field without words shows the key, as the translator would.
 */
export function labelWords(t: TFunction, name: string, key = labelKey(name)): string {
  return isKey(t, key) ? t(key) : key;
}
