// The words the audit walk clicks and waits for, in the language under test: straight from the app's catalogues, so
// a changed word changes the walk too (never a copy that drifts).
import { cancelDe } from '../../src/lib/i18n/sections/cancel.de';
import { cancelEn } from '../../src/lib/i18n/sections/cancel.en';
import { detailDe } from '../../src/lib/i18n/sections/detail.de';
import { detailEn } from '../../src/lib/i18n/sections/detail.en';
import { entryDe } from '../../src/lib/i18n/sections/entry.de';
import { entryEn } from '../../src/lib/i18n/sections/entry.en';
import { fieldWordsDe } from '../../src/lib/i18n/sections/fields.de';
import { fieldWordsEn } from '../../src/lib/i18n/sections/fields.en';
import { filterBarDe } from '../../src/lib/i18n/sections/filter-bar.de';
import { filterBarEn } from '../../src/lib/i18n/sections/filter-bar.en';
import { listDe } from '../../src/lib/i18n/sections/list.de';
import { listEn } from '../../src/lib/i18n/sections/list.en';
import { outcomesDe } from '../../src/lib/i18n/sections/outcomes.de';
import { outcomesEn } from '../../src/lib/i18n/sections/outcomes.en';
import { ticketsDe } from '../../src/lib/i18n/sections/tickets.de';
import { ticketsEn } from '../../src/lib/i18n/sections/tickets.en';
import { de } from '../../src/lib/i18n/de';
import { en } from '../../src/lib/i18n/en';

export type Language = 'en' | 'de';

const catalogues = {
  en: { base: en, detail: detailEn, entry: entryEn, tickets: ticketsEn, list: listEn, cancel: cancelEn, filterBar: filterBarEn, fields: fieldWordsEn.fields, outcomes: outcomesEn },
  de: { base: de, detail: detailDe, entry: entryDe, tickets: ticketsDe, list: listDe, cancel: cancelDe, filterBar: filterBarDe, fields: fieldWordsDe.fields, outcomes: outcomesDe },
} as const;

export type Words = (typeof catalogues)['en'];

export function wordsFor(language: Language): Words {
  return catalogues[language] as Words;
}

/** The catalogue's `{{name}}` placeholders filled in, as the app shows them. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** A plain string as an exact, anchored pattern (for accessible names that carry nothing else). */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
