/**
 * The cancellation's plain fields in one table: how each is entered, shown, listed, sorted and filtered, and its one
 * label. The form's values, the body's plain part, the check page, the detail page, the list definition and the mocked
 * service's sort list are derived from it; the product order reference keeps its hand-written part of the body.
 */
import type { CancelProductOrder } from './cancel-order';
import { cancelOrderStates } from './cancel-order-state';

/** How a value is shown on the check page, the detail page and in a list cell. */
export type CancelFieldShow = 'text' | 'dateTime' | 'state';

export type CancelFieldInput = {
  /** `text`: one line (a `width` in characters, no spelling check: an identifier); `textarea`; `dateTime`: with its offset. */
  kind: 'text' | 'textarea' | 'dateTime';
  optional: boolean;
  /** Catalogue key of the help text under the label. */
  hint: string;
  width?: 20;
  /** Catalogue key of what to say when a required answer is missing, where `validation.required` is too vague. */
  missing?: string;
};

export type CancelFieldFilter =
  | { kind: 'multi'; options: readonly string[] }
  /** `param`: its URL parameter where it is not the field's name; `maxLength` bounds the URL (the interface sets none). */
  | { kind: 'text'; maxLength: number; param?: string; hint: string };

export type CancelOrderField = {
  /** The one catalogue key of its label: form, check page, detail page, list header, column chooser, filter. */
  label: string;
  /** Where its value is in the resource (and in the form and the body), where it is not at the field's own name. */
  path?: string;
  show: CancelFieldShow;
  /** Entered on the form; the check page shows it with a "Change" link. */
  input?: CancelFieldInput;
  /** A row on the detail page; `pendingWhileOpen`: while the cancellation is open an empty value is "Not yet". */
  detail?: { pendingWhileOpen?: boolean };
  /** A list column; `shown` by default, or `required` (always shown: the row's link). */
  column?: { shown?: boolean; required?: boolean };
  /** `list`: the list offers to sort by it; `service`: only the service sorts by it (free text has no useful order). */
  sort?: 'list' | 'service';
  filter?: CancelFieldFilter;
};

/** The interface sets no length for a product order id; a bound keeps a pasted page of text out of the URL. */
export const PRODUCT_ORDER_ID_FILTER_MAX = 100;

/**
 * In form, check, detail and list order. Labels are `fields.<name>` (the desk's field words, which the mocked service's
 * messages use too) unless the name there means something else for a ticket (`id`, `creationDate`, `productOrder` the
 * reference rather than its id): then `cancel.fields.<name>`, with the cancellation's other own fields.
 */
export const cancelOrderFields = {
  id: { label: 'cancel.fields.id', show: 'text', column: { required: true }, sort: 'list' },
  productOrder: {
    label: 'cancel.fields.productOrder',
    path: 'productOrder.id',
    show: 'text',
    input: { kind: 'text', optional: false, hint: 'cancel.hints.productOrder', width: 20, missing: 'cancel.form.productOrderIdRequired' },
    detail: {},
    column: { shown: true },
    sort: 'service',
    // `?productOrderId=` is also how the create flow's 202 and 409 pages link to one order's cancellations.
    filter: { kind: 'text', maxLength: PRODUCT_ORDER_ID_FILTER_MAX, param: 'productOrderId', hint: 'cancel.list.productOrderIdHint' },
  },
  state: {
    label: 'cancel.fields.state',
    show: 'state',
    detail: {},
    column: { shown: true },
    sort: 'list',
    filter: { kind: 'multi', options: cancelOrderStates },
  },
  cancellationReason: {
    label: 'fields.cancellationReason',
    show: 'text',
    input: { kind: 'textarea', optional: true, hint: 'cancel.hints.cancellationReason' },
    detail: {},
    column: {},
    sort: 'service',
  },
  requestedCancellationDate: {
    label: 'fields.requestedCancellationDate',
    show: 'dateTime',
    input: { kind: 'dateTime', optional: true, hint: 'cancel.hints.requestedCancellationDate' },
    detail: {},
    column: { shown: true },
    sort: 'list',
  },
  effectiveCancellationDate: {
    label: 'cancel.fields.effectiveCancellationDate',
    show: 'dateTime',
    detail: { pendingWhileOpen: true },
    column: {},
    sort: 'list',
  },
  creationDate: { label: 'cancel.fields.creationDate', show: 'dateTime', detail: {}, column: { shown: true }, sort: 'list' },
} as const satisfies { [K in keyof CancelProductOrder]?: CancelOrderField };

type Table = typeof cancelOrderFields;
export type CancelOrderFieldKey = keyof Table;

type KeysWith<P extends string> = { [K in CancelOrderFieldKey]: Table[K] extends Record<P, unknown> ? K : never }[CancelOrderFieldKey];
/** Where a field's value is: its `path`, else its own name. */
type PathOf<K extends CancelOrderFieldKey> = K extends CancelOrderFieldKey ? (Table[K] extends { path: infer P extends string } ? P : K) : never;

/** The fields the form asks for, and their names in the form (the body's JSON paths). */
export type CancelOrderInputKey = KeysWith<'input'>;
export type CancelOrderInputPath = { [K in CancelOrderInputKey]: PathOf<K> }[CancelOrderInputKey];
/** Inputs whose value is the body's attribute itself (not inside a reference such as `productOrder`). */
export type CancelOrderPlainInputKey = { [K in CancelOrderInputKey]: Table[K] extends { path: string } ? never : K }[CancelOrderInputKey];
export type CancelOrderColumnKey = KeysWith<'column'>;
export type CancelOrderFilterKey = KeysWith<'filter'>;
type ParamOf<K extends CancelOrderFilterKey> = Table[K]['filter'] extends { param: infer P extends string } ? P : K;
/** Each filter under its URL parameter, as a list definition takes them. */
export type CancelOrderFilterParams = { [K in CancelOrderFilterKey as ParamOf<K>]: Table[K]['filter'] };

const entries = Object.entries(cancelOrderFields) as [CancelOrderFieldKey, CancelOrderField][];
const keysWhere = <K extends CancelOrderFieldKey>(test: (field: CancelOrderField) => boolean) =>
  entries.filter(([, field]) => test(field)).map(([key]) => key as K);

export const fieldOf = (key: CancelOrderFieldKey): CancelOrderField => cancelOrderFields[key];
export const pathOf = <K extends CancelOrderFieldKey>(key: K): PathOf<K> => (fieldOf(key).path ?? key) as PathOf<K>;

export const cancelOrderInputKeys = keysWhere<CancelOrderInputKey>((field) => field.input !== undefined);
export const cancelOrderPlainInputKeys = keysWhere<CancelOrderPlainInputKey>((field) => field.input !== undefined && !field.path);
export const cancelOrderDetailKeys = keysWhere((field) => field.detail !== undefined);
export const cancelOrderColumnKeys = keysWhere<CancelOrderColumnKey>((field) => field.column !== undefined);
export const cancelOrderFilterKeys = keysWhere<CancelOrderFilterKey>((field) => field.filter !== undefined);

/** The attributes the service sorts cancellations by (an unknown one is a 400, docs/mock-api.md). */
export const cancelOrderServiceSortPaths: readonly string[] = entries.filter(([, field]) => field.sort).map(([key]) => pathOf(key));

/** A value at a dotted path of a resource or body as read (a missing step gives undefined). */
export function valueAt(item: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, step) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[step] : undefined), item);
}
