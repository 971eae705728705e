// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { fieldLabel, fieldText } from './field-text';
import { formatDateTime } from './format';

// German comes in when it is first chosen (src/lib/i18n/index.ts): choose it once, then go back to English.
await changeLanguage('de');
await changeLanguage('en');
const en = i18n.tFor('en');
const de = i18n.tFor('de');

describe('a plain ticket field in words (src/domain/ticket-fields.ts show)', () => {
  it.each([
    ['interimMessagesRequested', true, 'Yes', 'Ja'],
    ['interimMessagesRequested', false, 'No', 'Nein'],
    ['endUserContactAllowed', 'true', 'Yes', 'Ja'],
    ['endUserContactAllowed', 'false', 'No', 'Nein'],
    ['expressFaultResolution', 'oneTime', 'One-time express', 'Einmalige Expressentstörung'],
    // A newer service's value the desk has no words for: shown as it came, in both languages.
    ['expressFaultResolution', 'sameDay', 'sameDay', 'sameDay'],
    ['categoryId', 'TAL', 'TAL', 'TAL'],
    ['severity', 'Major', 'Major', 'Major'],
  ] as const)('%s %s reads "%s" / "%s"', (name, value, english, german) => {
    expect(fieldText(en, name, value)).toBe(english);
    expect(fieldText(de, name, value)).toBe(german);
  });

  it.each([undefined, ''] as const)('%j is no value (the page says "Not provided")', (value) => {
    expect(fieldText(en, 'categoryId', value)).toBeUndefined();
    expect(fieldText(en, 'interimMessagesRequested', value)).toBeUndefined();
  });

  it('a date-time is shown as the desk shows dates, an unreadable one as it came', () => {
    expect(fieldText(en, 'creationDate', '2026-10-05T08:30:00+02:00')).toBe(formatDateTime('2026-10-05T08:30:00+02:00'));
    expect(fieldText(en, 'creationDate', 'yesterday')).toBe('yesterday');
  });

  it('each field has its one label in both languages', () => {
    expect(fieldLabel(en, 'networkTerminationLocation')).toBe('Network termination location');
    expect(fieldLabel(de, 'categoryId')).toBe('Kategorie-ID');
  });
});
