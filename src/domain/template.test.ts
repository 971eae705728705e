/** The template's bounds, each on both sides, as the app and the gateway read them (src/domain/template.ts). */
import { describe, expect, it } from 'vitest';
import { readTemplates, sameTemplateName, Template, templateBounds, TemplateInput, TemplateRename } from './template';

const input = (overrides: Record<string, unknown> = {}) => ({ name: 'Fibre outage', formVersion: 1, answers: { description: 'x' }, ...overrides });
/** Answers whose JSON is exactly `bytes` long: {"d":"…"} is 8 bytes around the text. */
const answersOf = (bytes: number) => ({ d: 'x'.repeat(bytes - 8) });

describe('TemplateInput', () => {
  it.each([
    ['a name of 1 character', { name: 'x' }, true],
    ['an empty name', { name: '' }, false],
    ['a name of spaces only', { name: '   ' }, false],
    ['a name of 80 characters', { name: 'x'.repeat(80) }, true],
    ['a name of 81 characters', { name: 'x'.repeat(81) }, false],
    ['80 characters with spaces around (trimmed)', { name: `  ${'x'.repeat(80)}  ` }, true],
    ['80 emoji (code points, not UTF-16 units)', { name: '👍'.repeat(80) }, true],
    ['81 emoji', { name: '👍'.repeat(81) }, false],
    ['a line break in the name', { name: 'Fibre\noutage' }, false],
    ['a tab in the name', { name: 'Fibre\toutage' }, false],
    ['form version 1', { formVersion: 1 }, true],
    ['form version 0', { formVersion: 0 }, false],
    ['form version 1000', { formVersion: 1000 }, true],
    ['form version 1001', { formVersion: 1001 }, false],
    ['a fractional form version', { formVersion: 1.5 }, false],
    ['answers of 32 KiB', { answers: answersOf(templateBounds.answersBytes) }, true],
    ['answers of 32 KiB and a byte', { answers: answersOf(templateBounds.answersBytes + 1) }, false],
    ['answers that are a list', { answers: [] }, false],
    ['no answers', { answers: undefined }, false],
  ])('%s: %s', (_, overrides, valid) => {
    expect(TemplateInput.safeParse(input(overrides)).success).toBe(valid);
  });

  it('counts the answers in UTF-8 bytes: 16 Ki of "ä" is 32 KiB and more', () => {
    expect(TemplateInput.safeParse(input({ answers: { d: 'ä'.repeat(16 * 1024) } })).success).toBe(false);
    expect(TemplateInput.safeParse(input({ answers: { d: 'a'.repeat(16 * 1024) } })).success).toBe(true);
  });

  it('keeps the name trimmed', () => {
    expect(TemplateRename.parse({ name: '  Node down ' })).toEqual({ name: 'Node down' });
  });
});

describe('reading stored templates', () => {
  const stored = { id: 't1', name: 'Fibre outage', formVersion: 1, answers: {}, author: { subject: 'agent.one', name: 'Jana Schmidt' }, createdAt: 'x', updatedAt: 'x' };

  it('leaves out what does not pass, keeps the rest', () => {
    expect(readTemplates([stored, { ...stored, id: '' }, { ...stored, name: 7 }, null, { ...stored, id: 't2' }]).map((t) => t.id)).toEqual(['t1', 't2']);
  });

  it.each([
    ['an id of 64 characters', 'x'.repeat(64), true],
    ['an id of 65 characters', 'x'.repeat(65), false],
  ])('%s', (_, id, valid) => {
    expect(Template.safeParse({ ...stored, id }).success).toBe(valid);
  });

  it('compares names without case and surrounding spaces', () => {
    expect(sameTemplateName(' Fibre OUTAGE', 'fibre outage ')).toBe(true);
    expect(sameTemplateName('Fibre outage', 'Fibre outages')).toBe(false);
  });
});
