// @vitest-environment node
// ARCHITECTURE.md stays true: every file and folder it names exists in the checkout, and every `path#symbol` it names
// is declared in that file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declares, missingPaths, missingSymbols, namedPaths, namedSymbols, readMap, trackedFiles } from './architecture-paths';

describe('namedPaths', () => {
  it('takes backticked files and folders, and leaves out patterns, rules and paths outside the checkout', () => {
    const markdown = 'See `src/a.ts`, `model/b.tsx`, `src/domain/`, `import/no-cycle`, `<section>-section.ts`, `*.test.ts`, `../shared/interface.md`, `client.list`.';
    expect(namedPaths(markdown)).toEqual(['src/a.ts', 'model/b.tsx', 'src/domain/']);
  });

  it('takes the path of a `path#symbol`, once', () => {
    expect(namedPaths('`src/c.ts#one`, `src/c.ts#two`, `src/c.ts` and `<x>.ts#y`')).toEqual(['src/c.ts']);
  });
});

describe('namedSymbols', () => {
  it('takes each backticked `path#symbol` of a code file once, and leaves out anchors, patterns and plain paths', () => {
    const markdown =
      '`src/domain/ticket-fields.ts#ticketFields`, `components/plain-value.tsx#PlainValue`, `src/domain/ticket-fields.ts#ticketFields`, ' +
      '`docs/decisions/README.md#index`, `src/<name>.ts#x`, `src/a.ts`, `src/a.ts#not-a-name`, `#alone`';
    expect(namedSymbols(markdown)).toEqual([
      { path: 'src/domain/ticket-fields.ts', symbol: 'ticketFields' },
      { path: 'components/plain-value.tsx', symbol: 'PlainValue' },
    ]);
  });
});

describe('declares', () => {
  it.each([
    ['an exported const', 'export const target = 1;', true],
    ['a top-level const, not exported', 'const target = 1;\nexport default {};', true],
    ['a let', 'export let target = 1;', true],
    ['a destructured const', 'export const { get: getIt, target } = store;', true],
    ['an exported function', 'export function target() {}', true],
    ['an async function, not exported', 'async function target() {}', true],
    ['a class', 'export class target {}', true],
    ['a type', 'export type target = string;', true],
    ['an interface', 'interface target { a: string }', true],
    ['an enum', 'export enum target { A }', true],
    ['a name in export { }', 'const inner = 1;\nexport { inner as target };', true],
    ['a re-export', "export { target } from './elsewhere';", true],
    ['a default export by name', 'function inner() {}\nexport default target;', true],
    ['a default function with the name', 'export default function target() {}', true],
    ['a name only in a comment', '// target is declared elsewhere\nexport const other = 1;', false],
    ['a name only in a doc comment', '/** Uses target. */\nexport const other = 1;', false],
    ['a name only in a string', "export const other = 'target';", false],
    ['a name only used', 'export const other = target + 1;', false],
    ['a local inside a function', 'export function other() {\n  const target = 1;\n  return target;\n}', false],
    ['a parameter', 'export function other(target: number) { return target; }', false],
    ['a property of an object', 'export const other = { target: 1 };', false],
    ['an imported name', "import { target } from './elsewhere';\nexport const other = target;", false],
    ['a longer name that starts with it', 'export const targetList = [];', false],
  ])('%s', (_case, source, declared) => {
    expect(declares(source, 'target')).toBe(declared);
  });

  it('reads a .tsx file as JSX, and a .ts file with a type assertion as TypeScript', () => {
    expect(declares('export function Target() {\n  return <p>target</p>;\n}', 'Target', 'a.tsx')).toBe(true);
    expect(declares('export const target = <string>value;', 'target', 'a.ts')).toBe(true);
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

describe('missingSymbols', () => {
  const files: Record<string, string> = {
    'src/features/x/model/to-body.ts': '/** toBody in words. */\nexport function toBody() {\n  const inner = 1;\n  return inner;\n}',
    'mocks/store.ts': "export const store = { label: 'seed' };",
    'src/features/y/model/to-body.ts': 'export function toBody() {}',
  };
  const tracked = Object.keys(files);
  const read = (file: string) => files[file] ?? '';
  it.each([
    ['declared, by the whole path', 'mocks/store.ts', 'store', []],
    ['declared, by a shortened path that names one file', 'x/model/to-body.ts', 'toBody', []],
    ['not declared: only a local', 'x/model/to-body.ts', 'inner', ['x/model/to-body.ts#inner']],
    ['a shortened path that names two files, though both declare it', 'model/to-body.ts', 'toBody', ['model/to-body.ts#toBody']],
    ['not declared: only in a string', 'mocks/store.ts', 'seed', ['mocks/store.ts#seed']],
    ['not declared: another file declares it', 'mocks/store.ts', 'toBody', ['mocks/store.ts#toBody']],
    ['a file that is not there', 'model/from-body.ts', 'toBody', ['model/from-body.ts#toBody']],
  ])('%s', (_case, path, symbol, missing) => {
    expect(missingSymbols([{ path, symbol }], tracked, read)).toEqual(missing);
  });
});

describe('ARCHITECTURE.md', () => {
  it('names only files and folders that exist', () => {
    const names = namedPaths(readMap());
    expect(names.length).toBeGreaterThan(40);
    expect(missingPaths(names, trackedFiles())).toEqual([]);
  });

  it('names more than 20 entry points, each declared in the file it names', () => {
    const named = namedSymbols(readMap());
    expect(named.length).toBeGreaterThan(20);
    expect(missingSymbols(named, trackedFiles(), (file) => readFileSync(file, 'utf8'))).toEqual([]);
  });
});
