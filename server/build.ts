/**
 * `npm run build:server` (the server package's `build`): the release folder `dist-server/`, copied whole to a host:
 *
 *   dist-server/package.json, package-lock.json   the repository's, so `npm ci` installs exactly what was tested
 *   dist-server/package.json                this package's manifest (its dependencies and nothing else)
 *   dist-server/listener.js, gateway.js     the receiver and the desk gateway, one ES module each (+ .map)
 *
 * On the host: `npm ci --omit=dev --workspace @ttd/server` in that folder installs this package's dependencies alone
 * (no React, no UI library), then `node server/listener.js` / `node server/gateway.js`. The shared domain (src/domain:
 * zod schemas only) is bundled in; every other package stays outside the bundle and must be one of this package's
 * dependencies, or the build fails naming it (docs/decisions/0063). server/package.test.ts installs a release and runs it.
 *
 * Usage: tsx build.ts [<outDir>]   (from the server folder; the root's `npm run build:server` runs it)
 */
import { copyFile, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const repository = join(here, '..');

export const entries = { listener: 'listener/main.ts', gateway: 'gateway/main.ts' } as const;
export type Entry = keyof typeof entries;

/** The package a bare import names: `hono/cookie` -> hono, `@hono/node-server/conninfo` -> @hono/node-server. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Packages the bundles import that this package does not declare (each would be missing on the host). */
export function undeclared(metafile: Metafile, dependencies: Record<string, string>): string[] {
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
      if (!Object.hasOwn(dependencies, packageOf(path))) missing.add(packageOf(path));
    }
  }
  return [...missing].sort();
}

/** Builds the release folder; returns the two entry files' paths. */
export async function buildRelease(outDir = join(repository, 'dist-server')): Promise<Record<Entry, string>> {
  const manifest = JSON.parse(await readFile(join(here, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const serverDir = join(outDir, 'server');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(serverDir, { recursive: true });
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(here, path)])),
    outdir: serverDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // hono, zod, jose, openid-client, @redis/client…: installed from this package's dependencies, not copied in.
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  const missing = undeclared(result.metafile, manifest.dependencies);
  if (missing.length > 0) throw new Error(`The server imports ${missing.join(', ')}, which server/package.json does not list as dependencies.`);
  for (const file of ['package.json', 'package-lock.json']) await copyFile(join(repository, file), join(outDir, file));
  await copyFile(join(here, 'package.json'), join(serverDir, 'package.json'));
  return { listener: join(serverDir, 'listener.js'), gateway: join(serverDir, 'gateway.js') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const built = await buildRelease(outDir);
  for (const file of Object.values(built)) console.log(`${file}: ${((await stat(file)).size / 1024).toFixed(1)} kB`);
  console.log(`Copy ${join(built.listener, '..', '..')} to the host; there: npm ci --omit=dev --workspace @ttd/server`);
}
