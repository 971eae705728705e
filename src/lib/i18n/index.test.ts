/** Language: a stored choice wins, else the browser's language (de* -> German), else English. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writePreference } from '../storage';
import { changeLanguage, i18n, initialLanguage, languageFromBrowser } from './index';

beforeEach(() => window.localStorage.clear());
afterEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('languageFromBrowser', () => {
  it.each([
    [['de'], 'de'],
    [['de-DE', 'en'], 'de'],
    [['de-AT'], 'de'],
    [['DE-ch'], 'de'],
    [['en-GB', 'de'], 'en'],
    [['fr-FR'], 'en'],
    [['dee'], 'en'],
    [[], 'en'],
  ] as const)('%j -> %s', (preferred, expected) => {
    expect(languageFromBrowser(preferred)).toBe(expected);
  });
});

describe('initialLanguage', () => {
  it('uses the stored choice over the browser language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    writePreference('language', 'de');
    expect(initialLanguage()).toBe('de');
  });

  it('ignores a stored value that is not a language we have', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    writePreference('language', 'fr');
    expect(initialLanguage()).toBe('de');
  });

  it('falls back to English when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr']);
    expect(initialLanguage()).toBe('en');
  });
});

describe('changeLanguage', () => {
  it('switches, stores the choice for the next visit and sets <html lang>', async () => {
    await changeLanguage('de');
    expect(i18n.t('nav.newTicket')).toBe('Neues Ticket');
    expect(document.documentElement.lang).toBe('de');
    expect(initialLanguage()).toBe('de');
  });

  it('still switches when storage refuses to write', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await changeLanguage('de');
    expect(i18n.language).toBe('de');
  });
});
