/** Vite: the app (demo or real), and Vitest for unit and component tests. */
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { loadEnv } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import { contentSecurityPolicy } from './scripts/csp.js';
import { shellWorkerOptions } from './scripts/shell-worker.js';
import { startScreenChunk } from './scripts/start-screen-chunk.js';

/** Only the demo build serves the mocked service: drop MSW's worker script from every other build's output. */
function withoutMockWorker(mode: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'without-mock-worker',
    apply: 'build',
    configResolved(resolved) {
      outDir = resolved.build.outDir;
    },
    async closeBundle() {
      if (mode !== 'demo') await rm(join(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/**
 * The app shell's service worker (docs/decisions/0037): Workbox precaches the build, so the app opens offline after
 * one visit. Not in the demo: its scope belongs to the mocked service's worker. The app registers it itself, after
 * the first screen (src/lib/service-worker.ts), and asks before a new version takes over. Its settings, with the paths
 * it must never answer with the shell (the gateway's sign-in, the relay, the API): scripts/shell-worker.ts.
 */
function shellWorker(mode: string) {
  return VitePWA(shellWorkerOptions(mode, loadEnv(mode, process.cwd(), 'VITE_').VITE_API_BASE_URL));
}

export default defineConfig(({ mode }) => {
  const startScreen = startScreenChunk();
  return {
  plugins: [react(), withoutMockWorker(mode), contentSecurityPolicy(), startScreen.plugin, shellWorker(mode)],
  // The demo's mocked service keeps no cookies: MSW's cookie jar library (with its public suffix list) is left out of
  // the demo build (mocks/no-cookie-jar.ts, decision 0059). Tests and every other build use the real one.
  resolve: mode === 'demo' ? { alias: [{ find: /^tough-cookie$/, replacement: fileURLToPath(new URL('./mocks/no-cookie-jar.ts', import.meta.url)) }] } : {},
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    sourcemap: false,
    target: 'es2022',
    // Every browser of the es2022 target preloads modules itself; the polyfill only adds to the first screen (0026).
    modulePreload: { polyfill: false },
    // The icon stays a file under assets/ with a hash in its name, cached for good like every asset (issue 42: it was
    // /favicon.svg, revalidated on every navigation); inlined, its data: address would meet the CSP's img-src 'self'.
    assetsInlineLimit: (file) => (file.endsWith('favicon.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        // The libraries every first screen runs, in one file: one request, one gzip stream (split automatically they
        // are several files and more bytes), and a file that stays cached across releases of the app (decision 0039).
        codeSplitting: {
          groups: [
            { name: 'vendor', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/, tags: ['$initial'] },
            { ...startScreen.group, priority: 1 },
          ],
        },
        // The shared chunk of the router and React would otherwise be named after whichever module came first.
        // Seven hash characters, not eight (rolldown's least for this many chunks): the first screen lists the files
        // each lazy route preloads (about 80 names), and the hash is the one part gzip cannot shorten (decision 0067).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/react-router/'))
            ? 'assets/vendor-[hash:7].js'
            : 'assets/[name]-[hash:7].js',
        entryFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  test: {
    restoreMocks: true,
    testTimeout: 15000,
    // Vitest's own default is one worker fewer than the cores: on CI's two cores, one worker, while many tests wait on
    // processes they started (servers, Redis, nginx). Two workers there; as many as Vitest would take on bigger machines.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    // Pure code (schemas, the mocked service) runs in Node without the DOM setup; the rest in jsdom.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'mocks/**/*.test.ts', 'scripts/**/*.test.ts', 'tools/**/*.test.ts', 'server/**/*.test.ts', 'deploy/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
    ],
  },
  };
});
