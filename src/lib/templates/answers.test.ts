// @vitest-environment node
/** What a template keeps of a form's values, and how its answers fill a form of today (tolerant of older forms). */
import { describe, expect, it } from 'vitest';
import { templateAnswersOf, valuesFromTemplate } from './answers';

const empty = () => ({ externalId: '', description: '', parties: [] as { role: string }[], slot: { start: '' } });

describe('templateAnswersOf', () => {
  it('keeps every answer but those of one ticket, as a copy', () => {
    const values = { ...empty(), externalId: 'EXT-1', description: 'Glasfaser', parties: [{ role: 'a' }] };
    const answers = templateAnswersOf(values, ['externalId']);
    expect(answers).toEqual({ description: 'Glasfaser', parties: [{ role: 'a' }], slot: { start: '' } });
    values.parties[0]!.role = 'changed';
    expect(answers.parties).toEqual([{ role: 'a' }]);
  });
});

describe('valuesFromTemplate', () => {
  it('fills the fields the form has, drops and names the others, and never fills one of one ticket', () => {
    const { values, dropped } = valuesFromTemplate(empty(), { description: 'Glasfaser', parties: [{ role: 'a' }], removedField: 'x', externalId: 'EXT-9' }, ['externalId']);
    expect(values).toEqual({ externalId: '', description: 'Glasfaser', parties: [{ role: 'a' }], slot: { start: '' } });
    expect(dropped).toEqual(['removedField']);
  });

  it.each([
    ['a list where text is asked', { description: ['x'] }],
    ['text where a list is asked', { parties: 'x' }],
    ['text where a group is asked', { slot: 'x' }],
    ['a group where a list is asked', { parties: {} }],
  ])('drops %s', (_, answers) => {
    const { values, dropped } = valuesFromTemplate(empty(), answers);
    expect(values).toEqual(empty());
    expect(dropped).toEqual(Object.keys(answers));
  });
});
