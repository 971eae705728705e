/** The message keys as a type, so that a missing or misspelt key fails the typecheck; `knownKey` for a service's value. */
import type { en } from './en';
import type { TFunction, TOptions } from './translator';
import type { authScreensEn } from './sections/auth-screens.en';
import type { authEn } from './sections/auth.en';
import type { bulkEn } from './sections/bulk.en';
import type { cancelEn } from './sections/cancel.en';
import type { detailEn } from './sections/detail.en';
import type { dueEn } from './sections/due.en';
import type { entryOutboxEn } from './sections/entry-outbox.en';
import type { entryEn } from './sections/entry.en';
import type { fieldWordsEn } from './sections/fields.en';
import type { filterBarEn } from './sections/filter-bar.en';
import type { followUpEn } from './sections/follow-up.en';
import type { formEn } from './sections/form.en';
import type { listEn } from './sections/list.en';
import type { notificationsPanelEn } from './sections/notifications-panel.en';
import type { notificationsEn } from './sections/notifications.en';
import type { offlineEn } from './sections/offline.en';
import type { outboxEn } from './sections/outbox.en';
import type { outcomesEn } from './sections/outcomes.en';
import type { ticketWorkEn } from './sections/ticket-work.en';
import type { templatesEn } from './sections/templates.en';
import type { ticketsEn } from './sections/tickets.en';
import type { toastEn } from './sections/toast.en';
import type { workspaceEn } from './sections/workspace.en';

/**
 * Every section a screen adds (./sections.ts), by the name it is added under: `addSection` takes only these names, so
 * a section's words and its keys' type cannot part. Types only: no section's words come into a bundle through here.
 */
export type Sections = {
  auth: typeof authEn & typeof authScreensEn;
  cancel: typeof cancelEn;
  detail: typeof detailEn;
  due: typeof dueEn;
  entry: typeof entryEn;
  entryOutbox: typeof entryOutboxEn;
  filterBar: typeof filterBarEn;
  followUp: typeof followUpEn;
  form: typeof formEn;
  list: typeof listEn;
  notifications: typeof notificationsEn;
  notificationsPanel: typeof notificationsPanelEn;
  offline: typeof offlineEn;
  outbox: typeof outboxEn;
  outcomes: typeof outcomesEn;
  bulk: typeof bulkEn;
  templates: typeof templatesEn;
  ticketWork: typeof ticketWorkEn;
  tickets: typeof ticketsEn;
  toast: typeof toastEn;
  workspace: typeof workspaceEn;
};

export type SectionName = keyof Sections;

/** All English words the app can hold: the bundled catalogue, the fields' words (./field-words.ts) and the sections. */
export type AllWords = typeof en & typeof fieldWordsEn & Sections;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A plural form's key is asked for without its ending (`due.day`, not `due.day_one`): the translator adds it. */
type Asked<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;

/** The dotted keys of the words' leaves. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${Asked<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The dotted keys of the words' groups (`entry.option`), for `knownKey`. */
type Groups<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | Groups<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key `t` accepts: one that has English words. */
export type MessageKey = Leaves<AllWords>;

/** A group of keys: `status`, `entry.option.partyRole`. */
export type KeyGroup = Groups<AllWords>;

/** The keys right under (or deeper in) a group. */
export type KeyUnder<G extends KeyGroup> = Extract<MessageKey, `${G}.${string}`>;

/** What `t` gives back for a key without words, in the probe: no catalogue holds it. */
const absent = '\u0000';

/**
 * Whether `key` has words (in the language of `t`, or English): for a key made elsewhere (the domain's, a query's meta),
 * which the type cannot know. The one place a key is not checked by its type: the probe checks it against the words.
 */
export function isKey(t: TFunction, key: string): key is MessageKey {
  const probe = t as (key: string, options: TOptions) => string;
  // `count` makes the probe find a plural key (`due.day` by `due.day_one`) as well as a plain one.
  return probe(key, { count: 1, defaultValue: absent }) !== absent;
}

/**
 * `group.value` when there are words for it, else undefined: for a value that comes from the service (a status, a
 * field's name). A value with a "." is never a key: it could reach into another group. The caller says what to show
 * instead (the value as it came, usually). The signature stands apart from the body, and the group is never inferred
 * from the result (NoInfer): matching every key against every group made the typecheck take minutes.
 */
export function knownKey<G extends KeyGroup>(t: TFunction, group: G, value: string): NoInfer<KeyUnder<G>> | undefined;
export function knownKey(t: TFunction, group: string, value: string): string | undefined {
  if (value === '' || value.includes('.')) return undefined;
  const key = `${group}.${value}`;
  return isKey(t, key) ? key : undefined;
}

/** The words of `group.value`, or the value as it came when there are none (a newer service's type, a filter in the address). */
export function wordsOrValue<G extends KeyGroup>(t: TFunction, group: G, value: string): string {
  const key = knownKey(t, group, value);
  return key === undefined ? value : t(key);
}
