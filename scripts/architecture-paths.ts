// The paths a map names (ARCHITECTURE.md): each backticked file or folder, and whether the checkout has it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const fileEnding = /\.(ts|tsx|mjs|mts|js|json|md|css)$/;

/**
 * Every backticked token that names a file (a known ending) or a folder (a trailing slash). Patterns (`<id>`, `*`, `…`)
 * and paths outside the checkout (`../shared/…`) are not names of one thing, so they are left out.
 */
export function namedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);
  return [...new Set(tokens.filter((token) => (fileEnding.test(token) || token.endsWith('/')) && !/[<>*…]/.test(token) && !token.startsWith('.')))];
}

/**
 * A name is found when a tracked file is it, ends with it, or lies in a folder that is it or ends with it: the map may
 * shorten `src/features/ticket-entry/model/to-body.ts` to `model/to-body.ts` where the feature is clear.
 */
export function missingPaths(names: readonly string[], tracked: readonly string[]): string[] {
  return names.filter((name) => {
    const asFolder = name.endsWith('/');
    return !tracked.some((file) => {
      const path = `/${file}`;
      return asFolder ? path.startsWith(`/${name}`) || path.includes(`/${name}`) : path === `/${name}` || path.endsWith(`/${name}`);
    });
  });
}

export function trackedFiles(root = '.'): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

export function readMap(path = 'ARCHITECTURE.md'): string {
  return readFileSync(path, 'utf8');
}
