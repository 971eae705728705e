// @vitest-environment node
/** Message keys are typed (a misspelt one fails `npm run typecheck`, which checks this file); a service's value is checked at run time. */
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { KnownStatus } from '../../domain/ticket-status';
import { i18n } from './index';
import { isKey, knownKey, wordsOrValue, type KeyGroup, type MessageKey } from './keys';
import { addSection } from './sections';
import { dueDe } from './sections/due.de';
import { dueEn } from './sections/due.en';
import type { Catalogue } from './en';
import type { TFunction } from './translator';

addSection('due', dueEn, dueDe);
const t: TFunction = i18n.t;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// The `@ts-expect-error` lines are the test: were the key accepted, the directive would be unused and tsc would fail.
describe('the keys t accepts (checked by the typecheck)', () => {
  it('a plain, a nested, a plural and a section key: right ones compile, misspelt ones do not', () => {
    expectTypeOf<'common.retry'>().toExtend<MessageKey>();
    expectTypeOf<'common.retyr'>().not.toExtend<MessageKey>();
    expectTypeOf<'auth.config.reason.missing'>().toExtend<MessageKey>();
    expectTypeOf<'auth.config.reasons.missing'>().not.toExtend<MessageKey>();
    expectTypeOf<'due.day'>().toExtend<MessageKey>();
    expectTypeOf<'due.day_one'>().not.toExtend<MessageKey>();
    expectTypeOf<'toast.dismiss'>().toExtend<MessageKey>();
    expectTypeOf<'toasts.dismiss'>().not.toExtend<MessageKey>();
    // A group is not a key: it has no words of its own.
    expectTypeOf<'common'>().not.toExtend<MessageKey>();

    expect(t('common.retry')).toBe('Retry');
    // @ts-expect-error -- a misspelt plain key
    expect(t('common.retyr')).toBe('common.retyr');
    expect(t('apiError.network')).toBe('The service could not be reached. Check your connection and try again.');
    // @ts-expect-error -- a misspelt nested key
    expect(t('apiError.netwrk')).toBe('apiError.netwrk');
    expect(t('due.day', { count: 2 })).toBe('2 d');
    // @ts-expect-error -- a plural key is asked for without its ending; the translator picks the form
    expect(t('due.day_other', { count: 2 })).toBe('2 d');
    expect(t('due.dueIn', { amount: '3 h' })).toBe('Due in 3 h');
    // @ts-expect-error -- a section's key misspelt
    expect(t('due.dueInn', { amount: '3 h' })).toBe('due.dueInn');
    // @ts-expect-error -- a section that is not registered (./keys.ts Sections)
    expect(t('dues.dueIn')).toBe('dues.dueIn');
    // A list of keys, the first with words wins: each checked alike.
    expect(t(['due.dueIn', 'common.retry'], { amount: '1 d' })).toBe('Due in 1 d');
    // @ts-expect-error -- a misspelt key in a list
    expect(t(['due.dueIn', 'common.retyr'], { amount: '1 d' })).toBe('Due in 1 d');
  });

  it('a key made from a union of names compiles only when every name has words; a service string does not', () => {
    const status: KnownStatus = 'held';
    expect(t(`status.${status}`)).toBe('Held');
    const fromService: string = 'held';
    // @ts-expect-error -- a service's value can be anything: knownKey checks it at run time
    expect(t(`status.${fromService}`)).toBe('Held');
    const unit = 'hour' as 'minute' | 'hour' | 'day';
    expect(t(`due.${unit}`, { count: 1 })).toBe('1 h');
    const mixed = 'hour' as 'hour' | 'week';
    // @ts-expect-error -- `due.week` has no words
    expect(t(`due.${mixed}`, { count: 1 })).toBe('1 h');
  });

  it('knownKey takes only a group the catalogue has, and gives keys of that group', () => {
    expectTypeOf(knownKey(t, 'ticketType', 'fault')).toEqualTypeOf<'ticketType.fault' | 'ticketType.dispute' | undefined>();
    expectTypeOf<'entry.option.partyRole'>().toExtend<KeyGroup>();
    expectTypeOf<'status.held'>().not.toExtend<KeyGroup>();
    // @ts-expect-error -- a misspelt group
    expect(knownKey(t, 'ticketTypes', 'fault')).toBeUndefined();
  });
});

describe('German carries the same keys (checked by the typecheck)', () => {
  it('a German section lacking a key, or with one English lacks, does not compile', () => {
    const { dueIn, ...rest } = dueDe;
    // @ts-expect-error -- a key English has and German lacks
    const lacking: Catalogue<typeof dueEn> = rest;
    // @ts-expect-error -- a key German has and English lacks
    const extra: Catalogue<typeof dueEn> = { ...dueDe, dueSoon: 'Bald fällig' };
    expect(Object.keys(lacking)).not.toContain('dueIn');
    expect([dueIn, extra.dueIn]).toEqual([dueDe.dueIn, dueDe.dueIn]);
  });
});

describe('knownKey: a value from the service, checked against the words at run time', () => {
  it.each([
    ['status', 'held', 'status.held'],
    ['status', 'terminatedWithError', 'status.terminatedWithError'],
    ['status', 'Held', undefined],
    ['status', 'onHold', undefined],
    ['status', '', undefined],
    // A "." could reach into another group; a group's own name is no key.
    ['status', 'held.x', undefined],
    ['common', 'retry', 'common.retry'],
    ['apiError', 'network.x', undefined],
    // Object members are not words.
    ['status', 'toString', undefined],
    ['status', '__proto__', undefined],
    // A plural key by its name without the ending.
    ['due', 'day', 'due.day'],
    ['due', 'week', undefined],
  ] as const)('%s + %j -> %s', (group, value, expected) => {
    expect(knownKey(t, group, value)).toBe(expected);
  });

  it.each([
    ['common.retry', true],
    ['common', false],
    ['common.retry.more', false],
    ['common.retyr', false],
    ['due.day', true],
    ['', false],
  ] as const)('isKey(%j) -> %s', (key, expected) => {
    expect(isKey(t, key)).toBe(expected);
  });

  it.each([
    ['en', 'held', 'Held'],
    ['de', 'held', 'Angehalten'],
    ['en', 'onHold', 'onHold'],
    ['de', 'onHold', 'onHold'],
    ['en', '{{count}}', '{{count}}'],
  ] as const)('wordsOrValue in %s: status %j -> %j', async (language, value, expected) => {
    await i18n.changeLanguage(language);
    expect(wordsOrValue(t, 'status', value)).toBe(expected);
  });
});
