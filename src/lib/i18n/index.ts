/**
 * i18next set up with the English catalogue bundled and the German one loaded when German is first used (its own chunk,
 * docs/decisions/0026); language from the stored choice, else the browser, else English.
 */
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, writePreference } from '../storage';
import { en } from './en';

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
const earlyGerman: Record<string, unknown> = {};

/**
 * i18next asks this for a language it has no bundle of: only German, whose catalogue is a chunk of its own. While it
 * loads, `i18n.changeLanguage('de')` waits (its promise resolves with German in place) and the screen keeps English.
 */
const germanOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== 'de') {
      callback(null, language === 'en' ? (en as unknown as ResourceKey) : {});
      return;
    }
    import('./de').then(
      ({ de }) => callback(null, { ...de, ...earlyGerman } as unknown as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** One instance for the app. English is bundled, so with an English start `init` is synchronous. */
export const i18n = i18next.createInstance();

/** Resolves once the start language's words are in place: src/main.tsx renders after it (a German first paint). */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .use(germanOnDemand)
  .init({
    resources: { en: { translation: en } },
    // The bundled English is not all there is: other languages come from the backend above.
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...languages],
    initAsync: false,
    // React escapes output itself; escaping here would show "&amp;" to people.
    interpolation: { escapeValue: false },
  })
  .catch(() => undefined);

/**
 * Adds words (a catalogue section) to a language. German words that come before the German catalogue wait for it:
 * a German bundle that exists stops i18next from ever loading the catalogue (it would look loaded).
 */
export function addWords(language: Language, words: Record<string, unknown>): void {
  if (language === 'de' && !i18n.hasResourceBundle('de', 'translation')) {
    Object.assign(earlyGerman, words);
    return;
  }
  i18n.addResourceBundle(language, 'translation', words, true, false);
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
  const current = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(current) ? current : 'en';
}
