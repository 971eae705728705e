// What both Playwright configs share: the port check, Debian's Chromium with its container flags, and where reports go.
import { spawnSync } from 'node:child_process';
import type { PlaywrightTestConfig } from '@playwright/test';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../../tools/chromium-path.mjs';
import { traceMode } from '../../tools/trace-mode';

export const HOST = '127.0.0.1';

/**
 * A stray server on the port would be tested instead of this build, or make vite preview's strictPort fail only after
 * the build. Playwright's own check (with `url`) notices only a server that answers HTTP and advises reusing it. So
 * check here, once, in the runner: a child node tries to listen on the port (synchronous, so the config stays a plain
 * module).
 */
export function assertPortFree(host: string, port: number): void {
  const probe = `const s=require('node:net').createServer();s.once('error',e=>process.exit(e.code==='EADDRINUSE'?3:4));s.listen(${port},'${host}',()=>s.close(()=>process.exit(0)));`;
  const result = spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 10_000 });
  if (result.status === 3) {
    throw new Error(
      `Port ${port} on ${host} is already in use: stop whatever listens there, the e2e tests start their own demo server.`,
    );
  }
}

/**
 * Checks the ports once per run: workers load the config too, while our own servers are up, so every process forked
 * after the check (test loader, workers, web servers) inherits a flag and skips it. `flag` keeps the two configs apart.
 */
export function assertPortsFreeOnce(ports: number[], flag = 'E2E_PORT_CHECKED'): void {
  if (process.env[flag]) return;
  for (const port of ports) assertPortFree(HOST, port);
  process.env[flag] = '1';
}

/** The Chromium on this machine (never a downloaded one), or a sentence saying how to get one. */
export function chromiumExecutable(): string {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  return executablePath;
}

/**
 * The features Playwright switches off in every Chromium it launches (`disabledFeatures` of its chromiumSwitches.ts,
 * Playwright 1.65). Chromium reads only the last `--disable-features` switch, so ours repeats them;
 * e2e/browser-flags.spec.ts fails when the installed Playwright's list holds one that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * What headless tests switch off besides: Chromium builds the address bar's suggestion popup ahead of need
 * (chrome://omnibox-popup.top-chrome, two WebUI pages in a renderer of their own) for every window, headless too,
 * and every test's browser context opens a window. Nobody opens that popup here; building it cost 1.6 s of CPU per
 * context, more than loading the demo itself (docs/decisions/2026-11-29-e2e-browser-without-omnibox-popup.md).
 */
export const HEADLESS_DISABLED_FEATURES: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The one project: headless Chromium with the flags a container needs. */
export function chromiumProjects(executablePath: string): NonNullable<PlaywrightTestConfig['projects']> {
  return [
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
            // Playwright's own list and ours in one switch (Chromium reads only the last one).
            `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_DISABLED_FEATURES].join(',')}`,
          ],
        },
      },
    },
  ];
}

/** Reporter and output folder: the defaults, or next to the build folder so parallel runs (and configs) do not mix. */
export function outputs(outDir: string, besideBuild = Boolean(process.env.E2E_OUT_DIR)): Pick<PlaywrightTestConfig, 'reporter' | 'outputDir'> {
  return {
    reporter: [['list'], ['html', { open: 'never', outputFolder: besideBuild ? `${outDir}-report` : 'playwright-report' }]],
    outputDir: besideBuild ? `${outDir}-results` : 'test-results',
  };
}

/** The browser every configuration tests in: an agent in Berlin reading English; screenshots of failures. */
export function browserUse(baseURL: string): PlaywrightTestConfig['use'] {
  return { baseURL, trace: traceMode(), screenshot: 'only-on-failure', locale: 'en-US', timezoneId: 'Europe/Berlin' };
}

/**
 * What the configurations against servers over HTTP share (real mode, the foreign service): one worker, since the
 * tests share one set of servers and read their records; no retries; screenshots of failures only.
 */
export function oneWorkerAgainstServers(testDir: string, outDir: string, baseURL: string): PlaywrightTestConfig {
  return {
    testDir,
    // Flakes must show: no retries, locally or on CI.
    retries: 0,
    forbidOnly: !!process.env.CI,
    workers: 1,
    fullyParallel: false,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    ...outputs(outDir, true),
    use: browserUse(baseURL),
    projects: chromiumProjects(chromiumExecutable()),
  };
}

/**
 * The web server command that builds the app and then serves it; with E2E_REUSE_BUILD=1 (and the build folder already
 * there) it only serves, so repeated runs (scripts/flake-hunt.ts) test one build instead of rebuilding it each time.
 */
export function buildAndServe(build: string, serve: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.E2E_REUSE_BUILD === '1' ? serve : `${build} && ${serve}`;
}
