/** The German catalogue is a chunk of its own: loaded when German is first used, with the sections added before it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authScreensDe } from './sections/auth-screens.de';
import { authScreensEn } from './sections/auth-screens.en';
import { authDe } from './sections/auth.de';
import { authEn } from './sections/auth.en';
import { dueDe } from './sections/due.de';
import { dueEn } from './sections/due.en';
import { notificationsEn } from './sections/notifications.en';
import { toastDe } from './sections/toast.de';
import { toastEn } from './sections/toast.en';

// Real sections (the keys are typed): each test gets a fresh i18n module, so none of them is there before it adds it.

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
    expect(i18n.hasWords('de')).toBe(false);
    addSection('due', dueEn, dueDe);
    expect(i18n.t('due.dueIn')).toBe(dueEn.dueIn);

    await changeLanguage('de');
    expect(i18n.t('nav.newTicket')).toBe('Neues Ticket');
    expect(i18n.t('due.dueIn')).toBe(dueDe.dueIn);
    expect(document.documentElement.lang).toBe('de');
  });

  it('a section added once German is there is German at once', async () => {
    const { i18n, addSection, changeLanguage } = await freshStart();
    await changeLanguage('de');
    addSection('due', dueEn, dueDe);
    expect(i18n.t('due.dueIn')).toBe(dueDe.dueIn);
    await changeLanguage('en');
    expect(i18n.t('due.dueIn')).toBe(dueEn.dueIn);
  });

  it('a stored German choice is German once i18nReady resolves (src/main.tsx renders after it)', async () => {
    const { i18n, i18nReady, activeLanguage } = await freshStart('de');
    await i18nReady;
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(activeLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  describe('first-screen sections: German fetched only when German is used (decision 0039)', () => {
    it('an English start never fetches their German; switching to German fetches it with the catalogue', async () => {
      const { i18n, wordsReady, addSectionGermanLater, changeLanguage } = await freshStart();
      const german = vi.fn(async () => authDe);
      addSectionGermanLater('auth', authEn, german);
      await wordsReady();
      expect(i18n.t('auth.checking')).toBe(authEn.checking);
      expect(german).not.toHaveBeenCalled();

      await changeLanguage('de');
      expect(german).toHaveBeenCalledTimes(1);
      expect(i18n.t('auth.checking')).toBe(authDe.checking);
      expect(i18n.t('nav.newTicket')).toBe('Neues Ticket');
    });

    it('a stored German choice: wordsReady waits for sections added after i18n started (the first paint is German)', async () => {
      const { i18n, wordsReady, addSectionGermanLater } = await freshStart('de');
      // Added as a feature module evaluates: after src/lib/i18n began loading German.
      addSectionGermanLater('auth', authEn, async () => authDe);
      await wordsReady();
      expect(i18n.language).toBe('de');
      expect(i18n.t('auth.checking')).toBe(authDe.checking);
    });

    it('added once German is there: fetched at once, German as soon as it arrives', async () => {
      const { i18n, addSectionGermanLater, changeLanguage } = await freshStart();
      await changeLanguage('de');
      const german = vi.fn(async () => toastDe);
      addSectionGermanLater('toast', toastEn, german);
      expect(german).toHaveBeenCalledTimes(1);
      await vi.waitFor(() => expect(i18n.t('toast.dismiss')).toBe(toastDe.dismiss));
    });

    it('two parts of one section meet under its name, whichever way each German arrives', async () => {
      const { i18n, addSectionGermanLater, addSectionPart, changeLanguage } = await freshStart();
      addSectionGermanLater('auth', authEn, async () => authDe);
      addSectionPart('auth', 'screens', authScreensEn, authScreensDe);
      expect(i18n.t('auth.checking')).toBe(authEn.checking);
      expect(i18n.t('auth.config.title')).toBe(authScreensEn.config.title);
      await changeLanguage('de');
      expect(i18n.t('auth.checking')).toBe(authDe.checking);
      expect(i18n.t('auth.config.title')).toBe(authScreensDe.config.title);
    });

    it('German words that cannot be fetched stay English; the rest of German still comes', async () => {
      const { i18n, addSectionGermanLater, changeLanguage } = await freshStart();
      addSectionGermanLater('notifications', notificationsEn, () => Promise.reject(new Error('chunk failed')));
      await changeLanguage('de');
      expect(i18n.language).toBe('de');
      expect(i18n.t('notifications.button')).toBe(notificationsEn.button);
      expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    });
  });
});

