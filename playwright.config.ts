// Playwright: the e2e smoke against the built demo, in a Chromium already on the machine (never a downloaded one).
// Real-mode sign-in tests have their own config (playwright.auth.config.ts); what both share is in e2e/support/playwright-shared.ts.
import { defineConfig } from '@playwright/test';
import { HOST, assertPortsFreeOnce, browserUse, buildAndServe, chromiumExecutable, chromiumProjects, outputs } from './e2e/support/playwright-shared';

// Several runs on one machine (for example parallel work on two features) each need their own port and build folder.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist-demo';
const baseURL = `http://${HOST}:${PORT}`;

assertPortsFreeOnce([PORT]);
const executablePath = chromiumExecutable();

export default defineConfig({
  testDir: './e2e',
  // e2e/auth runs against the real provider, under playwright.auth.config.ts; e2e/service against the mocked service
  // over HTTP, under playwright.service.config.ts; e2e/gateway against the gateway stack, under
  // playwright.gateway.config.ts.
  testIgnore: ['auth/**', 'service/**', 'gateway/**'],
  // Flakes must show: no retries, locally or on CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  // Two cores: the preview server and two browsers already share them.
  workers: 2,
  // A test's whole budget, not a wait: room for a CI machine busy with other work (the waits inside keep their own).
  timeout: 60_000,
  // The first paint waits for the mock service worker to install and answer; give CI machines room.
  expect: { timeout: 10_000 },
  ...outputs(OUT_DIR),
  use: browserUse(baseURL),
  projects: chromiumProjects(executablePath),
  webServer: {
    command: buildAndServe(`npx vite build --mode demo --outDir ${OUT_DIR}`, `npx vite preview --outDir ${OUT_DIR} --port ${PORT}`),
    url: baseURL,
    // Never test a server this run did not build (checked above, too).
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
