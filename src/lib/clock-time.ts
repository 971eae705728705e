/** A moment as the agent's clock shows it: "10:42" today, "23 Nov, 10:42" on another day (lazy screens only). */
import { activeLanguage, type Language } from './i18n';

const locales: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

export function clockTime(at: number | string, now = Date.now(), language: Language = activeLanguage()): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return new Intl.DateTimeFormat(locales[language], {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
