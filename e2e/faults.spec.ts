// Tickets entered through the demo while its mocked service injects faults at 20 % (every kind): each failure the agent
// meets says what happened and offers a way forward, every ticket exists exactly once, and what the agent saw matches
// the fault log. Plus the demo's visible marker while faults are on (`?faults=20`).
import { faultKinds } from '../mocks/faults';
import { switchOffDemoProgression } from './support/demo-service';
import {
  API_BASE,
  causeForKind,
  createFaults,
  faultLog,
  fillMinimalFault,
  setFaults,
  storedCount,
  submitUntilShown,
  tally,
  type TicketRun,
} from '../tools/fault-entry';
import { expect, test as base } from './support/fixtures';

/** Tickets per run: enough for several faults on creates, small enough for about a minute on this machine. */
const TICKETS = 8;
/**
 * Any seed must pass (FAULT_SEED=n to try one). Seed 6 gives this run's creates a lost answer, a 503, a 500 and a slow
 * one: each operation has its own PRNG stream, so the creates' faults do not depend on the reads in between.
 */
const SEED = Number(process.env.FAULT_SEED ?? 6);
const api = new RegExp(`${API_BASE.replace(/\//g, '\\/')}\\/`);

/**
 * The injected faults are on purpose and Chromium logs each one ("Failed to load resource: … status of 503", or
 * "net::ERR_FAILED" for a dropped answer; a 409 after a lost one): let exactly those through, on the service's paths
 * only; any other console error or page error still fails the test. (Overrides the fixture of e2e/fixtures.ts, whose
 * refusals must name a status.)
 */
const test = base.extend({
  // An override without options keeps the base's (automatic, per test).
  failOnPageErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      // 409 too: after a lost answer, Retry's 409 is how the app learns that its first send created the ticket.
      const injected = /^Failed to load resource: (net::ERR_FAILED|.*status of (500|503|429|409))/.test(message.text());
      if (injected && api.test(url)) return;
      errors.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
    });
    await provide();
    expect(errors, 'the page reported errors').toEqual([]);
  },
});

test('8 tickets under 20 % faults: each failure explained with a way forward, each ticket stored exactly once', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await switchOffDemoProgression(page);
  await page.goto('/tickets/new');
  await expect(page.getByRole('heading', { level: 2, name: /Step 1 of 7/ })).toBeVisible();
  await setFaults(page, { rate: 0.2, kinds: faultKinds, seed: SEED, slowMs: 1500, retryAfterSeconds: 1 });
  await expect(page.getByTestId('demo-fault-marker')).toHaveText(/injects faults into 20 % of its operations/);

  const stamp = Date.now().toString(36);
  const runs: TicketRun[] = [];
  for (let i = 0; i < TICKETS; i += 1) {
    const externalId = `E2E-FLT-${stamp}-${i}`;
    await fillMinimalFault(page, externalId);
    runs.push(await submitUntilShown(page, externalId));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Ticket ${runs[i]!.ticketId}`));
  }

  // Faults off, then ask the mocked store (the page's own fetch through the worker) about every ticket.
  const log = await faultLog(page);
  await setFaults(page, { rate: 0 });
  for (const run of runs) expect(await storedCount(page, run.externalId), `tickets with ${run.externalId}`).toBe(1);
  expect(new Set(runs.map((run) => run.ticketId)).size).toBe(TICKETS);

  // Creates: a create is never retried behind the agent's back, so every fault on one reached the agent, as words
  // naming it (a lost answer reads as "no answer"), and nothing else did; slow ones showed progress, not failure.
  const failures = runs.flatMap((run) => run.failures);
  const creates = createFaults(log);
  const shownOnSubmit = failures.filter((f) => f.where === 'submit' && f.cause !== 'unconfirmed').map((f) => f.cause);
  expect(shownOnSubmit.sort()).toEqual(creates.map(causeForKind).filter((cause) => cause !== undefined).sort());
  expect(runs.reduce((sum, run) => sum + run.progressSeen, 0)).toBeGreaterThanOrEqual(creates.filter((kind) => kind === 'slow').length);
  expect(runs.reduce((sum, run) => sum + run.sends, 0)).toBe(TICKETS + shownOnSubmit.length);

  // Reads (detail, list, the lookup after a 409): the query client and the lookup retry 5xx and dropped answers
  // twice, invisibly; what reached the agent is at most the read faults, each with its way forward (checked above).
  const reads = log.filter((record) => record.method === 'GET' && record.kind !== 'slow');
  const shownOnReads = failures.filter((f) => f.where !== 'submit' || f.cause === 'unconfirmed');
  expect(shownOnReads.length).toBeLessThanOrEqual(reads.length);

  const summary = {
    seed: SEED,
    faultsByKind: tally(log.map((r) => r.kind)),
    createFaults: tally(creates),
    shownToAgent: tally(failures.map((f) => `${f.where}:${f.cause}`)),
    readFaultsRetriedInvisibly: reads.length - shownOnReads.length,
  };
  testInfo.annotations.push({ type: 'faults', description: JSON.stringify(summary) });
  // The default seed must exercise what the test is about: a lost answer above all.
  if (SEED === 6) expect(creates, `faults on creates: ${JSON.stringify(summary)}`).toEqual(['lost', '503', '500', 'slow']);
});

test('?faults=20 turns faults on and says so in a visible marker, in English and German; axe passes', async ({ page, axe }) => {
  await switchOffDemoProgression(page);
  await page.goto('/tickets/new?faults=20&faultSeed=3');
  const marker = page.getByTestId('demo-fault-marker');
  await expect(marker).toBeVisible();
  await expect(marker).toHaveText('Demo: the mocked service injects faults into 20 % of its operations (500, 503, 429, drop, slow, lost).');
  await axe('fault marker, en');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(marker).toHaveText(/Demo: Der simulierte Dienst erzeugt bei 20 % seiner Operationen Fehler/);
  await setFaults(page, { rate: 0 });
  await expect(marker).toBeHidden();
});
