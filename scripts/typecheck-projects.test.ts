// @vitest-environment node
// `npm run typecheck` (tsc -b) checks every TypeScript file once: a file outside every project would never be checked.
import { describe, expect, it } from 'vitest';
import { coverageProblems, projects, typeScriptFiles, type Project } from './typecheck-projects';

const project = (config: string, files: string[]): Project => ({ config, files, references: [] });

describe('coverageProblems', () => {
  it.each([
    ['every file in one project', ['a.ts', 'b.ts'], [project('x', ['a.ts']), project('y', ['b.ts'])], []],
    ['a file in no project', ['a.ts', 'b.ts'], [project('x', ['a.ts'])], ['b.ts: in no project']],
    ['a file in two projects', ['a.ts'], [project('x', ['a.ts']), project('y', ['a.ts'])], ['a.ts: in x and y']],
  ])('%s', (_case, all, found, expected) => {
    const problems = coverageProblems(all, found);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((problem, index) => expect(problems[index]).toContain(problem));
  });
});

describe("the repository's projects", () => {
  const found = projects();

  it('check every TypeScript file, each in one project', () => {
    expect(coverageProblems(typeScriptFiles(), found)).toEqual([]);
  });

  it('are the app, the domain under it, the mocked service, the server and the checks, in build order', () => {
    expect(found.map((p) => p.config)).toEqual([
      'tsconfig.domain.json',
      'tsconfig.server.json',
      'tsconfig.mocks.json',
      'tsconfig.app.json',
      'tsconfig.checks.json',
    ]);
  });

  it('keep product code apart from tests: no test or test support is in a product project', () => {
    const product = found.filter((p) => p.config !== 'tsconfig.checks.json').flatMap((p) => p.files);
    expect(product.filter((file) => /\.test\.tsx?$|(^|\/)test-[^/]*\.ts$|^src\/testing\//.test(file))).toEqual([]);
  });

  it('let the server build on the domain only', () => {
    expect(found.find((p) => p.config === 'tsconfig.server.json')?.references).toEqual(['tsconfig.domain.json']);
  });
});
