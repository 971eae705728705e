// `npm run screens`: photographs the whole screen inventory (./inventory.ts) in English and German at every width,
// and writes one contact sheet per width, for people to look at before they merge (issue 37). Builds the demo
// into dist-screens, serves it on E2E_PORT (default 4390), and writes screens/<width>/*.png and screens/<width>.html
// (git ignores screens/). `npm run screens -- tickets` keeps only screens whose route or state contains "tickets".
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { inventory, languages, prepare, screenName, viewports, type Language, type Screen } from './inventory';
import { switchOffDemoProgression } from '../support/demo-service';
import { chromiumExecutable, chromiumProjects, HOST } from '../support/playwright-shared';

const port = Number(process.env.E2E_PORT ?? 4390);
const outDir = process.env.E2E_OUT_DIR ?? 'dist-screens';
const folder = path.resolve('screens');
const only = process.argv[2];

const slug = (screen: Screen, language: Language) =>
  `${language}-${(screen.route || 'overview').replace(/[^a-z0-9]+/gi, '-')}-${screen.state.replace(/[^a-z0-9]+/gi, '-')}`.replace(/-+$/, '');

/** Stops the preview server and what npx started under it. */
function stop(server: ChildProcess): void {
  if (server.pid === undefined) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function serve(): Promise<ChildProcess> {
  const build = spawnSync('npx', ['vite', 'build', '--mode', 'demo', '--outDir', outDir], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the demo build failed');
  // Its own process group: npx starts vite as a child of its own, and stopping the group stops both (killing npx alone
  // left vite serving on the port after the run).
  const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', HOST], { stdio: 'ignore', detached: true });
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      if ((await fetch(`http://${HOST}:${port}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  stop(server);
  throw new Error(`the preview server did not answer on port ${port}`);
}

async function photograph(browser: Browser, screen: Screen, language: Language): Promise<string[]> {
  const [first, ...rest] = viewports;
  const context = await browser.newContext({ baseURL: `http://${HOST}:${port}`, locale: language === 'de' ? 'de-DE' : 'en-GB', viewport: first, timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const failures: string[] = [];
  try {
    await switchOffDemoProgression(page);
    await prepare(page, screen);
    await screen.open(page);
    for (const viewport of [first, ...rest]) {
      if (viewport !== first) await page.setViewportSize(viewport);
      await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
      await page.screenshot({ path: path.join(folder, String(viewport.width), `${slug(screen, language)}.png`), fullPage: true });
    }
  } catch (error) {
    failures.push(`${screenName(screen)} (${language}): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    await context.close();
  }
  return failures;
}

/** One page per width: a row per screen, English and German side by side, each photo cut at the fold by a line. */
function contactSheet(width: number, height: number, screens: Screen[]): string {
  const cells = screens
    .map((screen) => {
      const figures = languages
        .map((language) => {
          const file = `${width}/${slug(screen, language)}.png`;
          return `<figure><div class="shot" style="--fold:${height}px"><a href="${file}"><img src="${file}" alt="${screenName(screen)}, ${language}" loading="lazy"></a></div><figcaption>${language}</figcaption></figure>`;
        })
        .join('');
      return `<section><h2>${screenName(screen).replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h2><div class="pair">${figures}</div></section>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screens at ${width} px</title>
<style>
body{font:14px system-ui,sans-serif;margin:1rem;background:#eee}
.pair{display:flex;gap:1rem;align-items:flex-start}
figure{margin:0;background:#fff;padding:.5rem}
.shot{position:relative;width:${Math.min(width, 683)}px}
.shot img{width:100%;display:block;border:1px solid #999}
.shot::after{content:'';position:absolute;left:0;right:0;top:calc(var(--fold) * ${Math.min(1, 683 / width)});border-top:2px dashed red}
h2{font-size:1rem;margin:1.5rem 0 .25rem}
</style>
<h1>Screens at ${width}×${height} (red line: the first screen's fold)</h1>
${cells}
</html>`;
}

async function main(): Promise<void> {
  const screens = inventory.filter((screen) => !only || screenName(screen).includes(only));
  rmSync(folder, { recursive: true, force: true });
  for (const viewport of viewports) mkdirSync(path.join(folder, String(viewport.width)), { recursive: true });
  const server = await serve();
  const started = performance.now();
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumProjects('')[0]!.use!.launchOptions!.args });
  const failures: string[] = [];
  try {
    for (const screen of screens) {
      for (const language of languages) {
        failures.push(...(await photograph(browser, screen, language)));
        process.stdout.write('.');
      }
    }
  } finally {
    await browser.close();
    stop(server);
  }
  for (const viewport of viewports) writeFileSync(path.join(folder, `${viewport.width}.html`), contactSheet(viewport.width, viewport.height, screens));
  console.log(`\n${screens.length * languages.length * viewports.length} photos of ${screens.length} screens in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(viewports.map((viewport) => `  ${path.join(folder, `${viewport.width}.html`)}`).join('\n'));
  if (failures.length > 0) {
    console.error(`Screens that did not open:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
