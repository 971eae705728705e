// @vitest-environment node
// The Node versions the desk supports (package.json `engines`, the README) and the lockfile agree: no installed package
// refuses the first release of a supported line, and the engines range takes it (issue 30).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockPackage = { engines?: { node?: string } | string[]; dev?: boolean };
const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The first release of each supported LTS line that every package in the lockfile accepts. */
const SUPPORTED = ['22.20.0', '24.12.0'] as const;
/** Releases the engines range must refuse: an ended line, and the start of a supported line below its floor. */
const REFUSED = ['20.19.0', '22.19.0', '24.11.0', '23.11.0'] as const;

const refusing = (version: string) =>
  Object.entries(lock.packages)
    .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(version, p.engines.node))
    .map(([path, p]) => `${path.replace(/^node_modules\//, '')} (${(p.engines as { node: string }).node})`);

describe('supported Node versions', () => {
  it.each(SUPPORTED)('Node %s is accepted by package.json and refused by no package in the lockfile', (version) => {
    expect(semver.satisfies(version, pkg.engines.node)).toBe(true);
    expect(refusing(version)).toEqual([]);
  });

  it.each(REFUSED)('Node %s is outside package.json engines', (version) => {
    expect(semver.satisfies(version, pkg.engines.node)).toBe(false);
  });

  it('the README names the supported lines as package.json does', () => {
    for (const version of SUPPORTED) expect(readme).toContain(version.replace(/\.0$/, ''));
  });
});
