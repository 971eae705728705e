// @vitest-environment node
// ARCHITECTURE.md stays true: every file and folder it names exists in the checkout.
import { describe, expect, it } from 'vitest';
import { missingPaths, namedPaths, readMap, trackedFiles } from './architecture-paths';

describe('namedPaths', () => {
  it('takes backticked files and folders, and leaves out patterns, rules and paths outside the checkout', () => {
    const markdown = 'See `src/a.ts`, `model/b.tsx`, `src/domain/`, `import/no-cycle`, `<section>-section.ts`, `*.test.ts`, `../shared/interface.md`, `client.list`.';
    expect(namedPaths(markdown)).toEqual(['src/a.ts', 'model/b.tsx', 'src/domain/']);
  });
});

describe('missingPaths', () => {
  const tracked = ['src/features/x/model/to-body.ts', 'mocks/store.ts'];
  it.each([
    ['the whole path', 'mocks/store.ts', []],
    ['a path shortened to its last parts', 'model/to-body.ts', []],
    ['a folder', 'src/features/x/', []],
    ['a folder named by its last parts', 'x/model/', []],
    ['a file that is not there', 'model/from-body.ts', ['model/from-body.ts']],
    ['a name that only ends a file name', 'body.ts', ['body.ts']],
    ['a folder that is not there', 'src/features/y/', ['src/features/y/']],
  ])('%s', (_case, name, missing) => {
    expect(missingPaths([name], tracked)).toEqual(missing);
  });
});

describe('ARCHITECTURE.md', () => {
  it('names only files and folders that exist', () => {
    const names = namedPaths(readMap());
    expect(names.length).toBeGreaterThan(40);
    expect(missingPaths(names, trackedFiles())).toEqual([]);
  });
});
