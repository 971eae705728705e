/**
 * The app's translator (./translator) with the English catalogue bundled and the German one loaded when German is
 * first used (its own chunk, docs/decisions/0026); language from the stored choice, else the browser, else English.
 */
import { readPreference, writePreference } from '../storage';
import { en } from './en';
import { mergedWords, Translator, type Words } from './translator';

export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** de, de-DE, de-AT … -> de; everything else -> en (the catalogues we have). */
export function languageFromBrowser(preferred: readonly string[]): Language {
  const first = preferred[0]?.toLowerCase() ?? '';
  return first === 'de' || first.startsWith('de-') ? 'de' : 'en';
}

export function initialLanguage(): Language {
  const stored = readPreference(storageKey);
  if (isLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return languageFromBrowser(preferred);
}

/** German words of catalogue sections added before the German catalogue arrived; merged into it when it does. */
let earlyGerman: Words = {};

/**
 * German words of the first screen's sections, each a chunk of its own (an English start never fetches them): the
 * loaders wait here until German is first asked for; once it has been, each is started as soon as it is added.
 */
const germanLoaders: (() => Promise<Words>)[] = [];
const germanParts: Promise<Words>[] = [];
let germanWanted = false;

/** A part that cannot be fetched leaves its words English (the fallback) rather than German failing as a whole. */
const loadPart = (load: () => Promise<Words>) => load().catch((): Words => ({}));

/**
 * Asked for a language that has no words yet: only German, whose catalogue is a chunk of its own. While it loads,
 * `i18n.changeLanguage('de')` waits (its promise resolves with German in place) and the screen keeps English.
 */
async function germanOnDemand(language: string): Promise<Words | undefined> {
  if (language !== 'de') return undefined;
  germanWanted = true;
  germanParts.push(...germanLoaders.splice(0).map(loadPart));
  const { de } = await import('./de');
  // Parts added while the catalogue loaded are in the list too (they are pushed as they are added).
  const parts = await Promise.all(germanParts);
  return mergedWords(de, earlyGerman, ...parts);
}

/** One instance for the app. English is bundled, so with an English start it is ready at once. */
export const i18n = new Translator();

/** Resolves once the start language's words are in place: src/main.tsx renders after it (a German first paint). */
export const i18nReady: Promise<unknown> = i18n
  .init({ words: { en }, language: initialLanguage(), fallback: 'en' }, germanOnDemand)
  .catch(() => undefined);

/**
 * Adds words (a catalogue section) to a language. German words that come before the German catalogue wait for it:
 * a German bundle that exists stops the translator from ever loading the catalogue (it would look loaded).
 */
export function addWords(language: Language, words: Record<string, unknown>): void {
  if (language === 'de' && !i18n.hasWords('de')) {
    earlyGerman = mergedWords(earlyGerman, words);
    return;
  }
  i18n.addWords(language, words);
}

/**
 * German words to be fetched only when German is used (a first-screen section's: decision 0039). Added after German
 * was asked for, they are fetched at once and join it when they arrive.
 */
export function addGermanLater(load: () => Promise<Words>): void {
  if (!germanWanted) {
    germanLoaders.push(load);
    return;
  }
  const part = loadPart(load);
  germanParts.push(part);
  void part.then((words) => addWords('de', words));
}

/**
 * Resolves once the start language's words are in place, German parts added since i18nReady included: src/main.tsx
 * renders after it, so a German first paint is German throughout.
 */
export async function wordsReady(): Promise<void> {
  await i18nReady;
  await Promise.all(germanParts);
}

function reflectLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

reflectLanguage(i18n.language);
i18n.on('languageChanged', reflectLanguage);

/** Switches every string at once, remembers the choice for the next visit, and updates `<html lang>`. */
export async function changeLanguage(language: Language): Promise<void> {
  writePreference(storageKey, language);
  await i18n.changeLanguage(language);
}

/** The active language, always one we have a catalogue for. */
export function activeLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
