/** The production demo build the browser benchmarks measure, and Vite's preview server on it (127.0.0.1, free port). */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, preview, type ProxyOptions } from 'vite';

/**
 * Builds `vite build --mode demo` into `outDir` unless `reuse` is set and a build is already there (the combined
 * bench builds once and lets each script reuse it).
 */
export async function ensureDemoBuild(
  outDir: string,
  { reuse, log, root }: { reuse: boolean; log: (message: string) => void; root?: string },
): Promise<void> {
  if (reuse && existsSync(join(outDir, 'index.html'))) return;
  log(`Building the demo into ${outDir} …`);
  await build({ ...rootOptions(root), mode: 'demo', logLevel: 'warn', build: { outDir: resolve(outDir), emptyOutDir: true } });
}

/** Another checkout's sources and config (a before/after comparison); the output still goes where outDir says. */
const rootOptions = (root: string | undefined) => (root ? { root, configFile: join(root, 'vite.config.ts') } : {});

export async function removeBuild(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
}

export type Preview = { origin: string; close(): Promise<void> };

/** Port 0: the system picks a free port, so two benches (or an engineer's e2e run) never collide. */
export async function previewDemo(outDir: string, proxy?: Record<string, ProxyOptions>, root?: string): Promise<Preview> {
  const server = await preview({
    ...rootOptions(root),
    mode: 'demo',
    logLevel: 'silent',
    build: { outDir: resolve(outDir) },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, ...(proxy ? { proxy } : {}) },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) {
    await server.close();
    throw new Error('Vite preview started without a local address');
  }
  return { origin: new URL(url).origin, close: () => server.close() };
}
