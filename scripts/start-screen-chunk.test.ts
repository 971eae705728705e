/** The start screen's chunk holds every module the entry and the overview reach by static imports, and no other screen's. */
import { describe, expect, it } from 'vitest';
import { staticallyReachable } from './start-screen-chunk';

describe('staticallyReachable', () => {
  const imports: Record<string, string[]> = {
    main: ['app', 'i18n'],
    app: ['router', 'i18n'],
    router: ['app'],
    overview: ['cards'],
    cards: [],
    i18n: [],
    tickets: ['cards'],
  };
  const importsOf = (id: string) => imports[id] ?? [];

  it('is every module the roots import, directly or not, once each, cycles included', () => {
    expect([...staticallyReachable(['main', 'overview'], importsOf)].sort()).toEqual(['app', 'cards', 'i18n', 'main', 'overview', 'router']);
  });

  it('leaves out what only another screen imports', () => {
    expect(staticallyReachable(['main'], importsOf).has('tickets')).toBe(false);
    expect(staticallyReachable(['main'], importsOf).has('cards')).toBe(false);
  });
});
