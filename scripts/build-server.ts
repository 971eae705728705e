/**
 * `npm run build:listener` / `npm run build:gateway`: the receiver or the desk gateway as one ES module
 * (dist-listener/main.js, dist-gateway/main.js), started with plain `node`. The packages they use stay outside the
 * bundle and must be `dependencies` (an `npm ci --omit=dev` installs them); listener/package.test.ts proves it for the
 * receiver, gateway/main.test.ts for the gateway. Prints the bundle's size.
 *
 * Usage: tsx scripts/build-server.ts listener|gateway [<outDir>]
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export type Server = 'listener' | 'gateway';

export async function buildServer(server: Server, outDir = join(root, `dist-${server}`)): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, 'main.js');
  await build({
    entryPoints: [join(root, server, 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // hono, zod, jose, openid-client, @redis/client…: installed from package.json's dependencies, not copied in.
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The folder is an ES module package wherever it is copied to.
  await writeFile(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
  return outfile;
}

export const buildListener = (outDir?: string) => buildServer('listener', outDir);
export const buildGateway = (outDir?: string) => buildServer('gateway', outDir);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = process.argv[2];
  if (server !== 'listener' && server !== 'gateway') {
    console.error('Usage: tsx scripts/build-server.ts listener|gateway [<outDir>]');
    process.exit(2);
  }
  const outfile = await buildServer(server, process.argv[3] ? resolve(process.argv[3]) : undefined);
  console.log(`${outfile}: ${((await stat(outfile)).size / 1024).toFixed(1)} kB; start it with: node ${outfile}`);
}
