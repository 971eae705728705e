/** Numbers and dates for people: Intl in the active language; date-times as local time with the zone shown. */
import { activeLanguage, type Language } from './i18n';

/** en uses British conventions (day before month), which read unambiguously next to German dates. */
const locales: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

function locale(language?: Language): string {
  return locales[language ?? activeLanguage()];
}

/** One per locale: the overview shows a dozen counts at once, and building a formatter is the costly part (below). */
const numberFormatters = new Map<string, Intl.NumberFormat>();

/**
 * 1234 -> "1,234" (en) / "1.234" (de). A whole number below a thousand is written the same in both languages, without
 * a separator, so it skips Intl: the first NumberFormat of a page is costly while V8 loads its number data, and it
 * comes in the middle of the overview's first render of its counts (decision 0058 has the figure).
 */
export function formatNumber(value: number, language?: Language): string {
  if (Number.isInteger(value) && value > -1000 && value < 1000 && !Object.is(value, -0)) return String(value);
  const key = locale(language);
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(key);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * Building an Intl formatter costs far more than using one (docs/quality.md), and a page of 100 rows shows 200 dates,
 * so formatters are kept per locale, kind and zone (a handful in practice).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(kind: 'dateTime' | 'date', language: Language | undefined, timeZone: string | undefined) {
  const key = `${locale(language)}|${kind}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      locale(language),
      kind === 'dateTime'
        ? { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone }
        : { year: 'numeric', month: 'short', day: 'numeric', timeZone },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

function parse(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * "2026-12-01T10:00:00Z" -> "1 Dec 2026, 11:00 CET" in Berlin: local time WITH its zone, never a bare UTC string.
 * A value that is not a date is shown as it came, rather than hidden or turned into "Invalid Date".
 */
export function formatDateTime(iso: string, language?: Language, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return dateFormatter('dateTime', language, timeZone).format(date);
}

/** "2026-12-01T10:00:00Z" -> "1 Dec 2026" (the local calendar day). */
export function formatDate(iso: string, language?: Language, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return dateFormatter('date', language, timeZone).format(date);
}

