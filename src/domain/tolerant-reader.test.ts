/** The one tolerant reader, on a small table of its own: spellings, lists, odd values and unknown fields. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as z from './zod';
import { fieldsOf, list, one, readerOf } from './tolerant-reader';

const read = readerOf({
  name: one(z.string(), { title: z.string() }),
  size: one(z.number()),
  tags: list(z.string().min(1)),
});

describe('readerOf', () => {
  it.each([
    ['only an id', { id: 'X-1' }, { id: 'X-1' }],
    ['a numeric id, as its digits', { id: 7 }, { id: '7' }],
    ['the older spelling', { id: 'X-1', title: 'Old' }, { id: 'X-1', name: 'Old' }],
    ['both spellings: the table\'s own wins', { id: 'X-1', title: 'Old', name: 'New' }, { id: 'X-1', name: 'New', other: [{ name: 'title', value: 'Old' }] }],
    ['a value that does not fit', { id: 'X-1', size: 'big' }, { id: 'X-1', other: [{ name: 'size', value: 'big' }] }],
    ['an unknown field, as JSON', { id: 'X-1', colour: { r: 1 } }, { id: 'X-1', other: [{ name: 'colour', value: '{"r":1}' }] }],
    ['a list read item by item', { id: 'X-1', tags: ['a', '', 'b', null] }, { id: 'X-1', tags: ['a', 'b'], other: [{ name: 'tags[1]', value: '' }] }],
    ['a list sent as one item', { id: 'X-1', tags: 'a' }, { id: 'X-1', tags: ['a'] }],
    ['null as not sent', { id: 'X-1', name: null }, { id: 'X-1' }],
  ])('%s', (_case, answer, expected) => {
    expect(read(answer)).toEqual(expected);
  });

  it.each([
    ['no id', { name: 'A' }],
    ['an empty id', { id: '' }],
    ['an array', [{ id: 'X-1' }]],
    ['a string', 'X-1'],
  ])('reads %s as no resource', (_case, answer) => {
    expect(read(answer)).toBeUndefined();
  });
});

describe('fieldsOf', () => {
  const shape = { id: z.string(), state: z.enum(['on', 'off']), parts: z.array(z.number()).optional(), note: z.string().optional() };
  const readShape = readerOf(fieldsOf(shape, ['state']));

  it('reads an open field as any text, a list item by item and the rest by its own schema', () => {
    expect(readShape({ id: 'S-1', state: 'dimmed', parts: [1, 'two', 3], note: 5 })).toEqual({
      id: 'S-1',
      state: 'dimmed',
      parts: [1, 3],
      other: [
        { name: 'parts[1]', value: 'two' },
        { name: 'note', value: '5' },
      ],
    });
  });
});
