/** A section added by a lazily loaded screen is read in both languages, and the base catalogue stays intact. */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index';
import { addSection } from './sections';

describe('addSection', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('adds words under the section name in English and German', async () => {
    addSection('sectionTest', { greeting: 'Hello {{name}}' }, { greeting: 'Hallo {{name}}' });
    expect(i18n.t('sectionTest.greeting', { name: 'Ana' })).toBe('Hello Ana');
    await i18n.changeLanguage('de');
    expect(i18n.t('sectionTest.greeting', { name: 'Ana' })).toBe('Hallo Ana');
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
  });
});
