/** The German catalogue is a chunk of its own: loaded when German is first used, with the sections added before it. */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  window.localStorage.clear();
  vi.resetModules();
});

/** A fresh i18n module, as a page load gets it, with the given stored language choice. */
async function freshStart(stored?: 'en' | 'de') {
  vi.resetModules();
  window.localStorage.clear();
  const storage = await import('../storage');
  if (stored) storage.writePreference('language', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  const index = await import('./index');
  const sections = await import('./sections');
  return { ...index, ...sections };
}

describe('German on demand', () => {
  it('an English start has no German words yet, and a German section added now waits for the catalogue', async () => {
    const { i18n, i18nReady, addSection, changeLanguage } = await freshStart();
    await i18nReady;
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('de', 'translation')).toBe(false);
    addSection('early', { word: 'Early' }, { word: 'Früh' });
    expect(i18n.t('early.word')).toBe('Early');

    await changeLanguage('de');
    expect(i18n.t('nav.newTicket')).toBe('Neues Ticket');
    expect(i18n.t('early.word')).toBe('Früh');
    expect(document.documentElement.lang).toBe('de');
  });

  it('a section added once German is there is German at once', async () => {
    const { i18n, addSection, changeLanguage } = await freshStart();
    await changeLanguage('de');
    addSection('late', { word: 'Late' }, { word: 'Spät' });
    expect(i18n.t('late.word')).toBe('Spät');
    await changeLanguage('en');
    expect(i18n.t('late.word')).toBe('Late');
  });

  it('a stored German choice is German once i18nReady resolves (src/main.tsx renders after it)', async () => {
    const { i18n, i18nReady, activeLanguage } = await freshStart('de');
    await i18nReady;
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(activeLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
