/** index.html preloads the start screen's chunk and what it imports, once each, and nothing index.html has already. */
import { describe, expect, it } from 'vitest';
import { startScreenFiles, staticallyReachable } from './start-screen-preload';

const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({ type: 'chunk' as const, fileName, imports, facadeModuleId });
const bundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/vendor.js'], '/repo/src/main.tsx'),
  'assets/vendor.js': chunk('assets/vendor.js'),
  'assets/overview.js': chunk('assets/overview.js', ['assets/vendor.js', 'assets/use-query.js', 'assets/cards.js'], '/repo/src/app/routes/overview-route.tsx'),
  'assets/use-query.js': chunk('assets/use-query.js', ['assets/vendor.js']),
  'assets/cards.js': chunk('assets/cards.js', ['assets/use-query.js']),
  'assets/tickets.js': chunk('assets/tickets.js', ['assets/vendor.js'], '/repo/src/app/routes/tickets-route.tsx'),
  'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
};
const html = '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor.js">';

describe('startScreenFiles', () => {
  it('is the start screen’s chunk and its imports, each once, without what index.html loads already', () => {
    expect(startScreenFiles(bundle, 'src/app/routes/overview-route.tsx', html)).toEqual(['assets/overview.js', 'assets/use-query.js', 'assets/cards.js']);
  });

  it('no other screen', () => {
    expect(startScreenFiles(bundle, 'src/app/routes/overview-route.tsx', html)).not.toContain('assets/tickets.js');
  });

  it('nothing when the start screen is not a chunk of its own (it would be in the entry)', () => {
    expect(startScreenFiles(bundle, 'src/app/routes/missing-route.tsx', html)).toEqual([]);
  });
});

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
