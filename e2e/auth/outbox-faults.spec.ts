// A fault run through the UI in real mode: tickets entered while 20 % of the connections to the service drop (half of
// the dropped creates after the service took them: the answer is lost) and during two offline periods. Every ticket
// must exist in the service exactly once: 0 lost, 0 doubled. Prints the counts. Seed: OUTBOX_FAULT_SEED (default 1).
import { createPrng } from '../../mocks/prng';
import { expect, settings, signInAtOverview, test } from '../support/auth-fixtures';
import { disputeToCheckPage, newExternalId } from '../support/auth-wizard';
import { serviceTicketsWith, shellInControl } from '../support/outbox-helpers';

// Drops on purpose; a retry after a lost answer meets the service's 409 for its own first try.
test.use({ expectedNoAnswers: true, expectedRefusals: [{ status: 409, url: `${settings.apiBase}/troubleTicket` }] });

const TICKETS = 10;
const DROP_RATE = 0.2;
/** Tickets entered offline: two periods of two tickets each. */
const OFFLINE_FROM = new Set([3, 7]);
const ONLINE_FROM = new Set([5, 9]);

test('20 % dropped connections and two offline periods: every ticket created once (0 lost, 0 doubled)', async ({ page, context }, testInfo) => {
  test.setTimeout(600_000);
  const prng = createPrng(Number(process.env.OUTBOX_FAULT_SEED ?? 1));
  const dropped = { reads: 0, createsBefore: 0, createsAfter: 0 };
  await signInAtOverview(page);
  await shellInControl(page);

  await page.route(
    (url) => url.origin === settings.apiOrigin,
    async (route) => {
      if (!prng.chance(DROP_RATE)) return route.fallback();
      const isCreate = route.request().method() === 'POST' && new URL(route.request().url()).pathname.endsWith('/troubleTicket');
      if (isCreate && prng.chance(0.5)) {
        // The service takes the ticket; the answer is lost on the way back.
        dropped.createsAfter += 1;
        await route.fetch();
      } else if (isCreate) dropped.createsBefore += 1;
      else dropped.reads += 1;
      await route.abort('connectionfailed');
    },
  );

  const entered: string[] = [];
  let queued = 0;
  let offline = false;
  for (let index = 0; index < TICKETS; index += 1) {
    if (OFFLINE_FROM.has(index)) await context.setOffline((offline = true));
    if (ONLINE_FROM.has(index)) await context.setOffline((offline = false));
    const externalId = newExternalId(`E2E-FAULT-${index}`);
    await disputeToCheckPage(page, externalId);
    entered.push(externalId);
    await page.getByRole('main').getByRole('button', { name: 'Create dispute ticket' }).click();
    // Created at once (its page), or waiting in the outbox: never anything else.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^(Ticket TT-\d+|Outbox)$/, { timeout: 30_000 });
    if ((await heading.textContent()) === 'Outbox') {
      queued += 1;
      await expect(page.getByRole('main')).toContainText(`Ticket ${externalId} is waiting to send. It has not been created yet`);
    } else expect(offline, `ticket ${index} shown as created while offline`).toBe(false);
  }
  expect(offline).toBe(false);

  // The outbox empties by itself (the network is back, its timer retries with backoff), drops and all.
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox');
  await expect(page.getByRole('main')).toContainText('No tickets are waiting to send.', { timeout: 300_000 });
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  const counts = await Promise.all(entered.map(async (externalId) => (await serviceTicketsWith(externalId)).length));
  const lost = counts.filter((count) => count === 0).length;
  const doubled = counts.filter((count) => count > 1).length;
  const line =
    `outbox fault run: ${TICKETS} tickets entered (4 offline), ${queued} went through the outbox; dropped connections: ` +
    `${dropped.reads} reads, ${dropped.createsBefore} creates before the service, ${dropped.createsAfter} creates after it ` +
    `(answer lost); lost: ${lost}, doubled: ${doubled}`;
  console.log(line);
  testInfo.annotations.push({ type: 'counts', description: line });
  expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
});
