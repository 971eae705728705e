// The TypeScript build's projects (tsconfig.json's references): which files each checks, so a test can show that every
// TypeScript file of the repository is checked, and by one project only.
import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');

export interface Project {
  readonly config: string;
  readonly files: readonly string[];
  readonly references: readonly string[];
}

function parse(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(`${config}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    },
  });
  if (!parsed) throw new Error(`${config}: not readable`);
  return parsed;
}

/** The solution file's projects, each with the repository-relative files it checks and the projects it builds on. */
export function projects(solution = 'tsconfig.json'): Project[] {
  return (parse(solution).projectReferences ?? []).map((reference) => {
    const config = relative(ROOT, ts.resolveProjectReferencePath(reference));
    const parsed = parse(config);
    return {
      config,
      files: parsed.fileNames.map((file) => relative(ROOT, file)).sort(),
      references: (parsed.projectReferences ?? []).map((r) => relative(ROOT, ts.resolveProjectReferencePath(r))),
    };
  });
}

/** The repository's TypeScript files, as git knows them (tracked and new, not ignored). */
export function typeScriptFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx', '*.mts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file && !file.endsWith('.d.ts') && !file.endsWith('.d.mts'))
    .sort();
}

/** Files no project checks, and files two projects check (each would be a type error nobody sees, or checked twice). */
export function coverageProblems(all: readonly string[], found: readonly Project[]): string[] {
  const owners = new Map<string, string[]>();
  for (const project of found) for (const file of project.files) owners.set(file, [...(owners.get(file) ?? []), project.config]);
  const problems: string[] = [];
  for (const file of all) {
    const by = owners.get(file) ?? [];
    if (by.length === 0) problems.push(`${file}: in no project of tsconfig.json (add its folder to one project's "include")`);
    if (by.length > 1) problems.push(`${file}: in ${by.join(' and ')} (exclude it from all but one)`);
  }
  return problems;
}
