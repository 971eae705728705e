// Playwright: the e2e smoke against the built demo, in a Chromium already on the machine (never a downloaded one).
import { defineConfig } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_MESSAGE } from './scripts/chromium-path.mjs';

const HOST = '127.0.0.1';
// Several runs on one machine (for example parallel work on two features) each need their own port and build folder.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist-demo';
const baseURL = `http://${HOST}:${PORT}`;

/**
 * A stray server on the port would be tested instead of this build, or make vite preview's strictPort fail only after
 * the build. Playwright's own check (with `url`) notices only a server that answers HTTP and advises reusing it. So
 * check here, once, in the runner: a child node tries to listen on the port (synchronous, so the config stays a plain
 * module). Workers load this file too, while our own server is up: hence the flag below.
 */
function assertPortFree(host: string, port: number): void {
  const probe = `const s=require('node:net').createServer();s.once('error',e=>process.exit(e.code==='EADDRINUSE'?3:4));s.listen(${port},'${host}',()=>s.close(()=>process.exit(0)));`;
  const result = spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 10_000 });
  if (result.status === 3) {
    throw new Error(
      `Port ${port} on ${host} is already in use: stop whatever listens there, the e2e tests start their own demo server.`,
    );
  }
}

// Every process forked after this (test loader, workers, the web server) inherits the flag and skips the check.
if (!process.env.E2E_PORT_CHECKED) {
  assertPortFree(HOST, PORT);
  process.env.E2E_PORT_CHECKED = '1';
}

const executablePath = findChromium();
if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);

export default defineConfig({
  testDir: './e2e',
  // Flakes must show: no retries, locally or on CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  // Two cores: the preview server and two browsers already share them.
  workers: 2,
  timeout: 30_000,
  // The first paint waits for the mock service worker to install and answer; give CI machines room.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: process.env.E2E_OUT_DIR ? `${OUT_DIR}-report` : 'playwright-report' }]],
  outputDir: process.env.E2E_OUT_DIR ? `${OUT_DIR}-results` : 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath,
          args: [
            // Root in a container: the sandbox needs user namespaces it does not have.
            '--no-sandbox',
            '--disable-gpu',
            // /dev/shm is tiny in containers; Chromium crashes on big pages without this.
            '--disable-dev-shm-usage',
            // No internet here: background fetches (updates, sync, safe browsing) only flood the log with refusals.
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite build --mode demo --outDir ${OUT_DIR} && npx vite preview --outDir ${OUT_DIR} --port ${PORT}`,
    url: baseURL,
    // Never test a server this run did not build (checked above, too).
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
