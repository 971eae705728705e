// @vitest-environment node -- catalogues are plain objects.
// Every kind of the event table (src/domain/event-kinds.ts) has its panel line in English and German, and the
// catalogues have no other.
import { describe, expect, it } from 'vitest';
import { eventKindList } from '../../../domain/event-kinds';
import { notificationsPanelDe } from './notifications-panel.de';
import { notificationsPanelEn } from './notifications-panel.en';

describe('line: every kind has its panel line in English and German, and the catalogues no other', () => {
  const names = eventKindList.map((kind) => kind.name);
  it.each([
    ['en', notificationsPanelEn.kind],
    ['de', notificationsPanelDe.kind],
  ] as const)('%s', (_language, words) => {
    expect(Object.keys(words).sort()).toEqual([...names, 'unknown'].sort());
    for (const name of names) expect((words as Record<string, string>)[name]?.trim()).toBeTruthy();
  });
});
