/** i18next set up with the bundled catalogues; language from the stored choice, else the browser, else English. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, writePreference } from '../storage';
import { de } from './de';
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

/** One instance for the app; the catalogues are small, so they are bundled and init is synchronous. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  initAsync: false,
  // React escapes output itself; escaping here would show "&amp;" to people.
  interpolation: { escapeValue: false },
});

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
