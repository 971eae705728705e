/**
 * `npm run build:gateway`: the desk gateway as one ES module, dist-gateway/main.js, started with plain `node`. The
 * packages it uses stay outside the bundle and must be `dependencies` (an `npm ci --omit=dev` installs them);
 * as for the receiver (scripts/build-listener.ts). Prints the bundle's size.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildGateway(outDir = join(root, 'dist-gateway')): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, 'main.js');
  await build({
    entryPoints: [join(root, 'gateway/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // hono, jose, openid-client, @redis/client…: installed from package.json's dependencies, not copied into the bundle.
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The folder is an ES module package wherever it is copied to.
  await writeFile(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildGateway(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`${outfile}: ${((await stat(outfile)).size / 1024).toFixed(1)} kB; start it with: node ${outfile}`);
}
