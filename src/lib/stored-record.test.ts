/** A value kept per agent: read back through its schema, none when it fails it, each agent and name apart. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from '../domain/zod';
import { writePreference } from './storage';
import { storedRecords } from './stored-record';

beforeEach(() => window.localStorage.clear());

const notes = storedRecords(z.object({ text: z.string().max(5) }));

describe('storedRecords', () => {
  it('reads back what was written, for that agent and name only', () => {
    expect(notes.write('agent.one', 'note', { text: 'hello' })).toBe(true);
    expect(notes.read('agent.one', 'note')).toEqual({ text: 'hello' });
    expect(notes.read('agent.two', 'note')).toBeNull();
    expect(notes.read('agent.one', 'other')).toBeNull();
  });

  it.each([
    ['a value that fails the schema', '{"text":"too long"}'],
    ['another shape', '{"values":{}}'],
    ['no JSON', '{not json'],
  ])('reads %s as none', (_, stored) => {
    writePreference(notes.key('agent.one', 'note'), stored);
    expect(notes.read('agent.one', 'note')).toBeNull();
  });

  it('remove forgets the value', () => {
    notes.write('agent.one', 'note', { text: 'bye' });
    notes.remove('agent.one', 'note');
    expect(notes.read('agent.one', 'note')).toBeNull();
  });
});
