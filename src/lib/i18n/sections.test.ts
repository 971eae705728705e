// @vitest-environment node
/** A section added by a lazily loaded screen is read in both languages, and the base catalogue stays intact. */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { addSection } from './sections';
import { dueDe } from './sections/due.de';
import { dueEn } from './sections/due.en';

describe('addSection', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('adds words under the section name in English and German', async () => {
    addSection('due', dueEn, dueDe);
    expect(i18n.t('due.dueIn', { amount: '3 h' })).toBe('Due in 3 h');
    await i18n.changeLanguage('de');
    expect(i18n.t('due.dueIn', { amount: '3 h' })).toBe('Noch 3 h');
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
  });
});
