// Input-to-paint latency of the ticket entry wizard while typing, for the smallest legal fault and the largest legal
// ticket (99 contacts with 3 contact media each, 99 questions, 99 billing items, 3 related entities), both taken from
// src/testing/entry-values.ts (the tests' own copies, so the bench cannot drift from them).
//
// Usage: npm run bench:entry [-- --keys 40] [-- --out-dir dist-bench-entry] [-- --no-build] [-- --keep-build] [-- --json]
// Builds the demo (unless --no-build finds one), serves it with Vite's preview on 127.0.0.1 (a free port), drives
// Debian's Chromium, prints median / p95 / worst per field, then closes everything it started and deletes the build
// (unless --keep-build or --no-build). Goal: worst <= 50 ms at the largest ticket.
// BENCH_DEBUG=1 prints every slow Event Timing entry; BENCH_SETTLE_MS (default 1000) is the pause before typing.
import { chromium, type Locator, type Page } from '@playwright/test';
import type { Draft } from '../src/features/ticket-entry/model/draft';
import type { StepId } from '../src/features/ticket-entry/model/steps';
import { faultValues, largestValues } from '../src/testing/entry-values';
import { findChromium } from '../tools/chromium-path.mjs';
import { ensureDemoBuild, previewDemo, removeBuild } from './bench/demo-build';
import { countOption, flag, option, progress, wantsJson } from './bench/options';

const outDir = option('out-dir') ?? 'dist-bench-entry';
const keys = countOption('keys', 40);
const goalMs = 50;
const log = progress();

type Samples = { frames: number[]; eventTiming: { name: string; duration: number; start: number }[] };

/**
 * Measured in the page, per keystroke: from the key event's timestamp to the first moment after the next frame
 * (requestAnimationFrame, then a task: the frame has been produced). The Event Timing API (durationThreshold 16, the
 * smallest it allows) is recorded too: it reports only slow events, and its worst is printed beside ours.
 * Plain JavaScript in a string: tsx may add helpers (`__name`) to a compiled function that the page does not have.
 */
const instrument = `(() => {
  const bench = { frames: [], eventTiming: [], since: 0 };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Entries arrive late and batched: only events that started after the measurement began count.
      if (['keydown', 'keypress', 'input', 'keyup'].includes(entry.name) && entry.startTime >= bench.since) {
        bench.eventTiming.push({ name: entry.name, duration: entry.duration, start: entry.startTime - bench.since });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => bench.frames.push(performance.now() - start), 0));
  }, true);
})()`;

const resetSamples = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
  window.__bench.frames.length = 0;
  window.__bench.eventTiming.length = 0;
  window.__bench.since = performance.now();
  resolve(true);
}, 0)))`;

const readSamples = `({ frames: [...window.__bench.frames], eventTiming: [...window.__bench.eventTiming] })`;

const text = 'Leitung seit 06:00 ohne Sync, Modem-LEDs rot. Bitte prüfen. '.repeat(4);

/** Types `keys` characters into `locator`, one at a time with a pause like a fast typist's, and returns the samples. */
async function measure(page: Page, locator: Locator): Promise<Samples> {
  // Where an agent has the field while typing: in the middle of the window. (At the window's very bottom edge headless
  // Chromium may present no frame for seconds while the typing stays invisible; Event Timing then reports that wait.)
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await locator.focus();
  // Let the page settle (a step that just rendered 99 contacts may still be laying out) before the first key.
  await page.waitForTimeout(Number(process.env.BENCH_SETTLE_MS ?? 1000));
  await page.evaluate(resetSamples);
  await page.keyboard.type(text.slice(0, keys), { delay: 60 });
  await page.waitForTimeout(300);
  const samples = (await page.evaluate(readSamples)) as Samples;
  if (process.env.BENCH_DEBUG) log(JSON.stringify(samples.eventTiming.filter((e) => e.duration > 50)));
  return samples;
}

export type FieldFigures = {
  ticket: 'small' | 'largest';
  field: string;
  /** Milliseconds from "Resume draft" to the step's heading, for a step resumed from a stored ticket. */
  stepShownMs?: number;
  samples: number;
  median: number;
  p95: number;
  worst: number;
  eventTimingOver16: number;
  eventTimingWorst: number;
};

export type EntryFigures = {
  chromium: string;
  keys: number;
  goalMs: number;
  fields: FieldFigures[];
  /** Per ticket size: the median of the fields' medians, and the worst of anything measured (ours or Event Timing). */
  summary: Record<'small' | 'largest', { median: number; worst: number }>;
};

function stats(ticket: FieldFigures['ticket'], field: string, { frames, eventTiming }: Samples, stepShownMs?: number): FieldFigures {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const slowEvents = eventTiming.map((e) => e.duration);
  return {
    ticket,
    field,
    ...(stepShownMs === undefined ? {} : { stepShownMs }),
    samples: sorted.length,
    median: at(0.5),
    p95: at(0.95),
    worst: sorted.at(-1) ?? Number.NaN,
    eventTimingOver16: slowEvents.length,
    eventTimingWorst: slowEvents.length ? Math.max(...slowEvents) : 0,
  };
}

const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`${title}$`) });

/** A stored draft (docs/decisions/0017) of these form values, on this step. */
const draftOf = (values: Draft['values'], step: StepId): Omit<Draft, 'id'> => ({ version: 1, step, savedAt: new Date().toISOString(), values });

async function run(): Promise<EntryFigures> {
  await ensureDemoBuild(outDir, { reuse: flag('no-build'), log });
  const server = await previewDemo(outDir);
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const fields: FieldFigures[] = [];
  const origin = server.origin;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
    await context.addInitScript({ content: instrument });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));

    // Small: a new fault, typed on the first step.
    log('Small ticket …');
    await page.goto(`${origin}/tickets/new`);
    await stepHeading(page, 'Ticket').waitFor();
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Fault' }).check();
    fields.push(stats('small', 'external ticket ID', await measure(page, main.getByRole('textbox', { name: 'External ticket ID' }))));
    fields.push(stats('small', 'description (counter)', await measure(page, main.getByRole('textbox', { name: 'Description (optional)' }))));

    // The draft key of this wizard run, as the app wrote it (the typing above was autosaved), and the run's address.
    await page.waitForTimeout(500);
    const key = (await page.evaluate(`Object.keys(window.localStorage).find((k) => k.includes('.ticket-draft.'))`)) as string | undefined;
    if (!key) throw new Error('the wizard stored no draft: cannot load a stored ticket');
    const runUrl = page.url();
    const resume = async (draft: Omit<Draft, 'id'>, title: string) => {
      // Leave the wizard first: leaving saves its own draft (pagehide). The choice page saves nothing, so the stored
      // ticket written now is the one the reload offers.
      await page.goto(runUrl);
      await page.getByRole('button', { name: 'Resume draft' }).waitFor();
      await page.evaluate(([k, value]) => window.localStorage.setItem(k, value), [key, JSON.stringify(draft)]);
      await page.reload();
      const started = Date.now();
      await page.getByRole('button', { name: 'Resume draft' }).click();
      await stepHeading(page, title).waitFor();
      return Date.now() - started;
    };

    // The smallest legal fault's contacts step: one person and one organisation.
    const shown = await resume(draftOf(faultValues(), 'contacts'), 'Contacts');
    fields.push(stats('small', 'contact 1 family name (smallest fault: 2 contacts)', await measure(page, main.locator('[id="field-relatedParty-0-partyOrPartyRole-familyName"]')), shown));

    // Largest ticket: stored as the draft, resumed on each step that renders its lists.
    log('Largest ticket …');
    const largest = largestValues();
    const cases: [StepId, string, string, (m: Locator) => Locator][] = [
      ['contacts', 'Contacts', 'contact 50 family name (99 contacts × 3 media)', (m) => m.locator('[id="field-relatedParty-49-partyOrPartyRole-familyName"]')],
      ['contacts', 'Contacts', 'contact 99 street', (m) => m.locator('[id="field-relatedParty-98-partyOrPartyRole-contactMedium-2-streetName"]')],
      ['ticket', 'Ticket', 'description (99 billing items)', (m) => m.getByRole('textbox', { name: 'Description (optional)' })],
      ['questionnaire', 'Questionnaire', 'question 99 answer ID (99 questions)', (m) => m.locator('[id="field-faultQuestionnaire-98-answerId"]')],
    ];
    for (const [step, title, field, locate] of cases) {
      const rendered = await resume(draftOf(largest, step), title);
      if (step === 'contacts') {
        const count = await main.locator('section[aria-label^="Contact "]:not(.entry-row--inner)').count();
        if (count !== 99) throw new Error(`expected 99 contacts on the page, found ${count}`);
      }
      const input = locate(main);
      await input.fill('');
      fields.push(stats('largest', field, await measure(page, input), rendered));
    }
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    if (!flag('keep-build') && !flag('no-build')) await removeBuild(outDir);
  }

  const summarise = (ticket: FieldFigures['ticket']) => {
    const mine = fields.filter((f) => f.ticket === ticket);
    const medians = mine.map((f) => f.median).sort((a, b) => a - b);
    return { median: medians[Math.floor(medians.length / 2)] ?? Number.NaN, worst: Math.max(...mine.flatMap((f) => [f.worst, f.eventTimingWorst])) };
  };
  return { chromium: browser.version(), keys, goalMs, fields, summary: { small: summarise('small'), largest: summarise('largest') } };
}

const figures = await run();
if (wantsJson()) {
  console.log(JSON.stringify(figures));
} else {
  const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');
  console.log(`\nInput-to-paint latency per keystroke (${keys} keys per field, 60 ms apart; Chromium ${figures.chromium})`);
  console.log(`${'ticket'.padEnd(8)} ${'field'.padEnd(72)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'worst'.padStart(9)}   event timing ≥16 ms`);
  for (const f of figures.fields) {
    const field = f.stepShownMs === undefined ? f.field : `${f.field} [step shown in ${f.stepShownMs} ms]`;
    console.log(
      `${f.ticket.padEnd(8)} ${field.padEnd(72)} ${ms(f.median).padStart(9)} ${ms(f.p95).padStart(9)} ${ms(f.worst).padStart(9)}   ${f.eventTimingOver16} events, worst ${ms(f.eventTimingWorst)}`,
    );
  }
  for (const size of ['small', 'largest'] as const) console.log(`${size}: median of medians ${ms(figures.summary[size].median)}, worst ${ms(figures.summary[size].worst)}`);
  const worst = figures.summary.largest.worst;
  console.log(`goal (worst ≤ ${goalMs} ms at the largest ticket): ${worst <= goalMs ? 'met' : 'NOT met'} (${ms(worst)})`);
}
