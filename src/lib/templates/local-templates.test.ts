/**
 * Templates kept in this browser (direct and demo mode): sealed with the agent's key like drafts, apart per agent,
 * names unique, bounded in number, and gone at sign-out (nothing readable left on a shared desk PC).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { templateBounds, type TemplateInput } from '../../domain/template';
import { forgetOfflineData } from '../crypto-store-forget';
import { unsealText } from '../crypto-store';
import { readPreference, writePreference } from '../storage';
import { templatesKey } from './forget-templates';
import { localTemplates } from './local-templates';

let agents = 0;
const newAgent = () => `template-agent.${(agents += 1)}`;
const input = (name: string): TemplateInput => ({ name, formVersion: 1, answers: { description: 'Frau Schmidt, +49 30 7654321, Glasfaser gestört' } });
const storeOf = (userId: string) => localTemplates(userId, { subject: userId, name: 'Jana Schmidt' }, () => new Date('2026-11-28T10:00:00Z'));

beforeEach(() => window.localStorage.clear());

describe('templates in this browser', () => {
  it('are kept sealed: the stored value is ciphertext, and the agent reads them back', async () => {
    const userId = newAgent();
    const saved = await storeOf(userId).save(input(' Fibre outage '));
    expect(saved).toMatchObject({ name: 'Fibre outage', formVersion: 1, author: { subject: userId, name: 'Jana Schmidt' }, createdAt: '2026-11-28T10:00:00.000Z' });
    const raw = readPreference(templatesKey(userId));
    expect(raw).toMatch(/^sealed1:\d+:/);
    expect(raw).not.toContain('Schmidt');
    expect(raw).not.toContain('Fibre');
    // A new store object (another page) reads them with the agent's key.
    expect((await storeOf(userId).list()).map((t) => t.name)).toEqual(['Fibre outage']);
    // Another agent of this browser sees none of them.
    expect(await storeOf(newAgent()).list()).toEqual([]);
  });

  it('lists by name, renames, and deletes', async () => {
    const store = storeOf(newAgent());
    const b = await store.save(input('b outage'));
    await store.save(input('A outage'));
    expect((await store.list()).map((t) => t.name)).toEqual(['A outage', 'b outage']);
    expect((await store.rename(b.id, 'C outage')).name).toBe('C outage');
    await store.remove(b.id);
    expect((await store.list()).map((t) => t.name)).toEqual(['A outage']);
    await expect(store.remove(b.id)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(store.rename(b.id, 'D')).rejects.toMatchObject({ kind: 'notFound' });
  });

  it.each([
    ['the same name', 'Fibre outage', 'nameTaken'],
    ['the same name in other case and spaces', '  FIBRE OUTAGE ', 'nameTaken'],
    ['an empty name', '   ', 'invalid'],
    ['a name of 81 characters', 'x'.repeat(81), 'invalid'],
  ])('refuses %s', async (_, name, kind) => {
    const store = storeOf(newAgent());
    await store.save(input('Fibre outage'));
    await expect(store.save(input(name))).rejects.toMatchObject({ kind });
  });

  it('refuses a rename to a name another template has, but takes its own name in other case', async () => {
    const store = storeOf(newAgent());
    const one = await store.save(input('One'));
    await store.save(input('Two'));
    await expect(store.rename(one.id, 'two')).rejects.toMatchObject({ kind: 'nameTaken' });
    expect((await store.rename(one.id, 'ONE')).name).toBe('ONE');
  });

  it.each([
    [templateBounds.count - 1, 'fulfilled'],
    [templateBounds.count, 'rejected'],
  ] as const)('with %i kept, one more is %s', async (count, outcome) => {
    const userId = newAgent();
    const store = storeOf(userId);
    const at = '2026-11-28T10:00:00.000Z';
    const many = Array.from({ length: count }, (_, i) => ({ id: `t${i}`, name: `T ${i}`, formVersion: 1, answers: {}, author: { subject: userId, name: '' }, createdAt: at, updatedAt: at }));
    // Seeded as the store writes them: sealed with the agent's key.
    const { sealToText } = await import('../crypto-store');
    writePreference(templatesKey(userId), `sealed1:1:${await sealToText(userId, JSON.stringify(many))}`);
    const result = await store.save(input('One more')).then(
      () => 'fulfilled',
      (error: { kind: string }) => (error.kind === 'tooMany' ? 'rejected' : error.kind),
    );
    expect(result).toBe(outcome);
  });

  it('are removed at sign-out, and what was copied of them cannot be opened', async () => {
    const userId = newAgent();
    const store = storeOf(userId);
    await store.save(input('Fibre outage'));
    const copied = readPreference(templatesKey(userId))!;
    await forgetOfflineData(userId);
    expect(readPreference(templatesKey(userId))).toBeNull();
    await expect(unsealText(userId, copied.split(':')[2]!)).rejects.toThrow(/cannot be decrypted/);
    // A late save of the page that is leaving stores nothing.
    await expect(store.save(input('Late'))).rejects.toMatchObject({ kind: 'signedOut' });
    expect(readPreference(templatesKey(userId))).toBeNull();
  });
});
