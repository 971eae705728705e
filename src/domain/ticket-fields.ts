/**
 * The trouble ticket's plain fields in one table: how each is read, entered, checked, shown, listed, sorted and
 * filtered, and its one label. The reader's plain part, the wizard's plain values, steps, body and check rows, a
 * follow-up's answers, the detail page's rows, the list definition and the mocked service's sort and filter lists are
 * derived from it. Nested objects (parties, entities, agreements, identifiers, relationships, the appointment, the
 * channel) and the status keep their hand-written parts. The cancellation's table is ./cancel-order-fields.ts.
 */
import { expressFaultResolutions, FaultTicketFvoDispute } from './ticket';

/** How the tolerant reader reads the value (./ticket-reader.ts): `looseText` also takes a number, as its digits. */
export type TicketFieldRead = 'text' | 'looseText' | 'flag' | 'dateTime';

/**
 * How a value is shown and entered: `text` one line; `longText` a paragraph (a text area); `word` the service's own
 * word, shown as it came and never entered; `dateTime` with its offset, shown in the agent's zone; `yesNo` radios Yes,
 * No or unanswered; `choice` radios of `options`, each worded `fieldValues.<name>.<option>`, an unknown one as it came.
 */
export type TicketFieldShow = 'text' | 'longText' | 'word' | 'dateTime' | 'yesNo' | 'choice';

export type TicketEntryStep = 'ticket' | 'product' | 'questionnaire' | 'appointment';

export type TicketFieldInput = {
  /** The wizard step that asks for it; within a step in table order, where the step places its plain inputs. */
  step: TicketEntryStep;
  /** Characters of a one-line input (an identifier); none: the full width. */
  width?: 10 | 20 | 30;
  /** Catalogue key of the help text under the label. */
  hint?: string;
  /** A dispute of this ticket starts with it too: it identifies the disputed service (a copy takes every answer). */
  keepOnDispute?: true;
};

export type TicketField = {
  /** The one catalogue key of its label: wizard, check page, errors, ticket page, change banner, list, chips, CSV. */
  label: string;
  read: TicketFieldRead;
  /** Older spellings a service may answer with instead (docs/decisions/0027): read, and asked for with `fields=`. */
  older?: readonly string[];
  show: TicketFieldShow;
  options?: readonly string[];
  /** Only a dispute has it (interface.md 2.3 rule 1): not asked for, sent or shown as "Not provided" on a fault. */
  only?: 'dispute';
  /** Entered in the wizard (always optional: a required answer has hand-written rules). */
  input?: TicketFieldInput;
  /** Where the ticket page shows it: a row of the "Ticket" or "Dates" group, or the status header. */
  detail?: 'ticket' | 'dates' | 'header';
  /** A list column; `shown` by default. */
  column?: { shown?: true };
  /** `list`: the list offers to sort by it; `service`: only the service sorts by it (long text has no useful order). */
  sort?: 'list' | 'service';
  /** A list filter on equality (TMF630), in the URL under the field's name; its length is the schema's, else `maxLength`. */
  filter?: { hint: string; maxLength?: number };
};

/** The longest severity, priority or channel name a filter takes (the interface sets none; a bound keeps the URL short). */
export const WORD_FILTER_MAX = 60;

/** In the ticket page's order; the wizard and the list keep this order among their plain fields. */
export const ticketFields = {
  name: { label: 'fields.name', read: 'text', show: 'longText', detail: 'ticket', column: {}, sort: 'list' },
  severity: {
    label: 'fields.severity',
    read: 'looseText',
    show: 'word',
    detail: 'ticket',
    column: {},
    sort: 'list',
    filter: { hint: 'filterHints.severity', maxLength: WORD_FILTER_MAX },
  },
  priority: {
    label: 'fields.priority',
    read: 'looseText',
    show: 'word',
    detail: 'ticket',
    column: {},
    sort: 'list',
    filter: { hint: 'filterHints.priority', maxLength: WORD_FILTER_MAX },
  },
  categoryId: {
    label: 'fields.categoryId',
    read: 'looseText',
    show: 'text',
    input: { step: 'ticket', width: 10, hint: 'fieldHints.categoryId', keepOnDispute: true },
    detail: 'ticket',
    column: { shown: true },
    sort: 'list',
    filter: { hint: 'filterHints.categoryId' },
  },
  description: {
    label: 'fields.description',
    read: 'text',
    show: 'longText',
    input: { step: 'ticket' },
    detail: 'ticket',
    column: {},
    sort: 'service',
  },
  resolutionDisputeReason: {
    label: 'fields.resolutionDisputeReason',
    read: 'text',
    show: 'longText',
    only: 'dispute',
    input: { step: 'ticket' },
    detail: 'ticket',
  },
  accessLineId: {
    label: 'fields.accessLineId',
    read: 'text',
    show: 'text',
    input: { step: 'product', width: 30, hint: 'fieldHints.accessLineId', keepOnDispute: true },
    detail: 'ticket',
    column: {},
    sort: 'list',
  },
  networkTerminationLocation: {
    label: 'fields.networkTerminationLocation',
    read: 'text',
    show: 'text',
    input: { step: 'product' },
    detail: 'ticket',
  },
  expressFaultResolution: {
    label: 'fields.expressFaultResolution',
    read: 'text',
    show: 'choice',
    options: expressFaultResolutions,
    input: { step: 'questionnaire' },
    detail: 'ticket',
  },
  endUserContactAllowed: {
    label: 'fields.endUserContactAllowed',
    read: 'flag',
    show: 'yesNo',
    input: { step: 'appointment' },
    detail: 'ticket',
  },
  endUserAppointmentIsNecessary: {
    label: 'fields.endUserAppointmentIsNecessary',
    read: 'flag',
    show: 'yesNo',
    input: { step: 'appointment' },
    detail: 'ticket',
  },
  interimMessagesRequested: {
    label: 'fields.interimMessagesRequested',
    read: 'flag',
    show: 'yesNo',
    input: { step: 'questionnaire' },
    detail: 'ticket',
  },
  creationDate: { label: 'fields.creationDate', read: 'dateTime', show: 'dateTime', detail: 'dates', column: { shown: true }, sort: 'list' },
  lastUpdateDate: {
    label: 'fields.lastUpdateDate',
    read: 'dateTime',
    older: ['lastUpdate'],
    show: 'dateTime',
    detail: 'dates',
    column: {},
    sort: 'list',
  },
  requestedResolutionDate: {
    label: 'fields.requestedResolutionDate',
    read: 'dateTime',
    show: 'dateTime',
    input: { step: 'ticket' },
    detail: 'dates',
    column: {},
    sort: 'list',
  },
  expectedResolutionDate: {
    label: 'fields.expectedResolutionDate',
    read: 'dateTime',
    show: 'dateTime',
    detail: 'dates',
    column: { shown: true },
    sort: 'list',
  },
  resolutionDate: { label: 'fields.resolutionDate', read: 'dateTime', show: 'dateTime', detail: 'dates', sort: 'service' },
  statusChangeDate: { label: 'fields.statusChangeDate', read: 'dateTime', show: 'dateTime', detail: 'header', sort: 'service' },
  statusChangeReason: { label: 'fields.statusChangeReason', read: 'text', show: 'longText', detail: 'header', column: {}, sort: 'service' },
} as const satisfies Record<string, TicketField>;

type Table = typeof ticketFields;
export type TicketFieldName = keyof Table;

type NamesWith<P extends string> = { [K in TicketFieldName]: Table[K] extends Record<P, unknown> ? K : never }[TicketFieldName];
/** The fields the wizard asks for, the list's columns and filters. */
export type TicketInputName = NamesWith<'input'>;
export type TicketColumnName = NamesWith<'column'>;
export type TicketFilterName = NamesWith<'filter'>;
export type TicketSortName = NamesWith<'sort'>;

/** An input's value in the wizard's form: '' is unanswered; a yes/no is 'true' or 'false'; a choice one of its options. */
export type PlainInputValue<K extends TicketInputName> = Table[K] extends { show: 'yesNo' }
  ? '' | 'true' | 'false'
  : Table[K] extends { options: readonly (infer O extends string)[] }
    ? '' | O
    : string;

export const ticketFieldNames = Object.keys(ticketFields) as TicketFieldName[];
/** The field's facts, widened to the table's row type (a lookup by a name known only at run time). */
export const ticketField = (name: TicketFieldName): TicketField => ticketFields[name];
export const isTicketField = (name: string): name is TicketFieldName => Object.hasOwn(ticketFields, name);

const namesWhere = <K extends TicketFieldName>(test: (field: TicketField) => boolean) =>
  ticketFieldNames.filter((name) => test(ticketField(name))) as K[];

export const ticketInputNames = namesWhere<TicketInputName>((field) => field.input !== undefined);
export const ticketColumnNames = namesWhere<TicketColumnName>((field) => field.column !== undefined);
export const ticketFilterNames = namesWhere<TicketFilterName>((field) => field.filter !== undefined);
export const ticketSortNames = namesWhere<TicketSortName>((field) => field.sort !== undefined);

/** The wizard's plain inputs of one step, in table order. */
export const inputsOfStep = (step: TicketEntryStep): TicketInputName[] => ticketInputNames.filter((name) => ticketField(name).input?.step === step);

/** The ticket page's plain rows of one place, in table order. */
export const detailFieldsOf = (place: NonNullable<TicketField['detail']>): TicketFieldName[] =>
  ticketFieldNames.filter((name) => ticketField(name).detail === place);

/** The schema's maximum length of an entered or filtered text (interface.md 2.2), so no bound is written twice. */
export function maxLengthOf(name: TicketFieldName): number | undefined {
  type Bounded = { unwrap?: () => Bounded; codePoints?: { max: number } };
  const schema = (FaultTicketFvoDispute.shape as Record<string, Bounded | undefined>)[name];
  return (schema?.unwrap?.() ?? schema)?.codePoints?.max ?? ticketField(name).filter?.maxLength;
}
