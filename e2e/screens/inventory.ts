// The screen inventory (issue 37): every route of src/app/routes.tsx in every state an agent reaches, to be seen in
// both languages at desk and phone widths. e2e/screens/screens.spec.ts runs the geometry checks over all of it,
// `npm run screens` photographs it, and e2e/screens/coverage.spec.ts fails when a route has no entry here.
import { expect as baseExpect, type Page } from '@playwright/test';
import { DEFAULT_TICKET_COUNT, seedTickets } from '../../mocks/seed';
import { go, settled } from '../audit/walk';
import { demoServiceRunning, overviewCountsShown } from '../support/demo-service';
import type { ExpectedRefusal } from '../support/fixtures';
import { entryDe } from '../../src/lib/i18n/sections/entry.de';
import { entryEn } from '../../src/lib/i18n/sections/entry.en';
import type { CheckName } from './geometry';
import { answerReads, createLongTicket, readsOf, type Answer } from './states';

export const viewports = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;
export type Viewport = (typeof viewports)[number];

export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];

/** A (screen, check) pair known to fail, with the problem it shows; remove it once the screen is mended. */
export interface KnownFailure {
  check: CheckName;
  /** Only at these widths / in these languages (all when left out). */
  widths?: readonly number[];
  languages?: readonly Language[];
  why: string;
}

export interface Screen {
  /** The route's path as src/app/routes.tsx writes it ('' for the overview). */
  route: string;
  /** The route module under src/app/routes (or the module that loads it) the screen is drawn by. */
  module: string;
  state: string;
  /** The service's reads replaced before the page loads (src: ./states.ts). */
  answer?: { answer: Answer; path: string };
  /** Opens the screen and waits for the visible proof of its state. */
  open(page: Page): Promise<void>;
  /** The header links marked as the current page (hrefs): the navigation entry the screen belongs to. */
  current: readonly string[];
  /** A list: where its rows are (a selector inside main); the first must be on the first screen at 1366×768. */
  rows?: string;
  /** Besides the header, what keeps its height when the language changes (the ticket's jump links: one line). */
  keepHeight?: readonly string[];
  /**
   * Opened by moving inside the app (a state made in the page first): the shifts of that move are not a page's load,
   * so the layout-shift check does not apply (the ticket page's own loads are checked in its other states).
   */
  openedByNavigation?: boolean;
  /** A not-found page: exactly one way back. */
  notFound?: boolean;
  /** Refusals the screen provokes on purpose (their console messages are let through). */
  refusals?: ExpectedRefusal[];
  known?: KnownFailure[];
}

export const screenName = (screen: Screen) => `/${screen.route} ${screen.state}`;

/** Seeded ids (the demo's seed is deterministic; only dates follow the load): a fault with history and notes, a dispute. */
const seeded = seedTickets(DEFAULT_TICKET_COUNT);
const faultId = seeded.find((t) => t.ticketType !== 'dispute' && (t.statusChange?.length ?? 0) >= 3 && (t.note?.length ?? 0) > 0)!.id;
const disputeId = seeded.find((t) => t.ticketType === 'dispute')!.id;
const cancellationId = 'CPO-000001';
const unknownTicket = 'TT-999999';
const unknownCancellation = 'CPO-999999';

/** The screens open on a busy machine too, and `npm run screens` runs outside the runner (whose default is 10 s). */
const expect = baseExpect.configure({ timeout: 15_000 });

const main = (page: Page) => page.getByRole('main');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function loaded(page: Page, path: string, proof: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await proof(page);
  await settled(page);
}

/** A screen waiting for the service: its loading message. */
async function waiting(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // "Loading…", "Wird geladen …", "Ticket wird geladen …": every loading message ends in an ellipsis.
  await expect(main(page).getByRole('status').filter({ hasText: /…$/ }).first()).toBeVisible();
}

/** A screen whose read failed: an alert in main (after the app's own retries). */
async function failed(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(main(page).getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
}

const ticketRows = 'table tbody tr';
const jumpLinks = 'nav.detail-jump';
const cancellationRows = 'table tbody tr';

export const inventory: Screen[] = [
  // The overview.
  {
    route: '',
    module: 'overview-route',
    state: 'loaded',
    current: [],
    open: (page) => loaded(page, '/', (p) => expect(main(p).locator('a[href="/tickets?status=acknowledged"]')).toHaveAccessibleName(/\d/)).then(() => overviewCountsShown(page)).then(() => undefined),
  },
  {
    route: '',
    module: 'overview-route',
    state: 'empty',
    answer: { answer: 'empty', path: readsOf.any },
    current: [],
    open: (page) => loaded(page, '/', (p) => expect(main(p).getByText(/\b0\b/).first()).toBeVisible()),
  },
  { route: '', module: 'overview-route', state: 'loading', answer: { answer: 'hold', path: readsOf.any }, current: [], open: (page) => waiting(page, '/') },
  {
    route: '',
    module: 'overview-route',
    state: 'error',
    answer: { answer: 'error', path: readsOf.any },
    current: [],
    open: (page) => failed(page, '/'),
  },

  // The ticket list.
  {
    route: 'tickets',
    module: 'tickets-route',
    state: 'loaded, many rows',
    current: ['/tickets'],
    rows: ticketRows,
    open: (page) => loaded(page, '/tickets', (p) => expect(main(p).locator(ticketRows).nth(19)).toBeVisible()),
  },
  {
    route: 'tickets',
    module: 'tickets-route',
    state: 'empty',
    answer: { answer: 'empty', path: readsOf.ticketList },
    current: ['/tickets'],
    open: (page) => loaded(page, '/tickets', (p) => expect(main(p).locator('table')).toHaveCount(0)),
  },
  { route: 'tickets', module: 'tickets-route', state: 'loading', answer: { answer: 'hold', path: readsOf.ticketList }, current: ['/tickets'], open: (page) => waiting(page, '/tickets') },
  { route: 'tickets', module: 'tickets-route', state: 'error', answer: { answer: 'error', path: readsOf.ticketList }, current: ['/tickets'], open: (page) => failed(page, '/tickets') },

  // Entering a ticket.
  {
    route: 'tickets/new',
    module: 'new-ticket-route',
    state: 'first step',
    current: ['/tickets/new'],
    open: (page) => loaded(page, '/tickets/new', (p) => expect(main(p).getByRole('heading', { level: 2 })).toBeVisible()),
  },
  {
    route: 'tickets/new',
    module: 'new-ticket-route',
    state: 'check answers, nothing entered',
    current: ['/tickets/new'],
    open: (page) =>
      loaded(page, '/tickets/new?step=check', (p) =>
        expect(main(p).getByRole('heading', { level: 2, name: new RegExp(`(${entryEn.step.check}|${entryDe.step.check})$`) })).toBeVisible(),
      ),
  },

  // A ticket.
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'a fault',
    current: ['/tickets'],
    keepHeight: [jumpLinks],
    open: (page) => loaded(page, `/tickets/${faultId}`, (p) => expect(h1(p)).toContainText(faultId)),
  },
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'a dispute',
    current: ['/tickets'],
    keepHeight: [jumpLinks],
    open: (page) => loaded(page, `/tickets/${disputeId}`, (p) => expect(h1(p)).toContainText(disputeId)),
  },
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'long values',
    openedByNavigation: true,
    current: ['/tickets'],
    keepHeight: [jumpLinks],
    open: async (page) => {
      await page.goto('/tickets');
      await demoServiceRunning(page);
      const id = await createLongTicket(page);
      await go(page, `/tickets/${id}`);
      await expect(h1(page)).toContainText(id);
      await settled(page);
    },
  },
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'not found',
    current: ['/tickets'],
    notFound: true,
    refusals: [{ status: 404, url: new RegExp(`/troubleTicket/${unknownTicket}$`) }],
    open: (page) => page.goto(`/tickets/${unknownTicket}`).then(() => expect(main(page).getByRole('alert').first()).toContainText(unknownTicket)),
  },
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'loading',
    answer: { answer: 'hold', path: readsOf.ticket },
    current: ['/tickets'],
    open: (page) => waiting(page, `/tickets/${faultId}`),
  },
  {
    route: 'tickets/:id',
    module: 'ticket-detail-route',
    state: 'error',
    answer: { answer: 'error', path: readsOf.ticket },
    current: ['/tickets'],
    open: (page) => failed(page, `/tickets/${faultId}`),
  },

  // The order cancellations.
  {
    route: 'cancel-orders',
    module: 'cancel-orders-route',
    state: 'loaded, many rows',
    current: ['/cancel-orders'],
    rows: cancellationRows,
    open: (page) => loaded(page, '/cancel-orders', (p) => expect(main(p).locator(cancellationRows).first()).toBeVisible()),
  },
  {
    route: 'cancel-orders',
    module: 'cancel-orders-route',
    state: 'empty',
    answer: { answer: 'empty', path: readsOf.cancellationList },
    current: ['/cancel-orders'],
    open: (page) => loaded(page, '/cancel-orders', (p) => expect(main(p).locator('table')).toHaveCount(0)),
  },
  {
    route: 'cancel-orders',
    module: 'cancel-orders-route',
    state: 'loading',
    answer: { answer: 'hold', path: readsOf.cancellationList },
    current: ['/cancel-orders'],
    open: (page) => waiting(page, '/cancel-orders'),
  },
  {
    route: 'cancel-orders',
    module: 'cancel-orders-route',
    state: 'error',
    answer: { answer: 'error', path: readsOf.cancellationList },
    current: ['/cancel-orders'],
    open: (page) => failed(page, '/cancel-orders'),
  },
  {
    route: 'cancel-orders/new',
    module: 'new-cancel-order-route',
    state: 'empty form',
    current: ['/cancel-orders'],
    open: (page) => loaded(page, '/cancel-orders/new', (p) => expect(main(p).getByRole('textbox').first()).toBeVisible()),
  },
  {
    route: 'cancel-orders/:id',
    module: 'cancel-order-detail-route',
    state: 'loaded',
    current: ['/cancel-orders'],
    open: (page) => loaded(page, `/cancel-orders/${cancellationId}`, (p) => expect(h1(p)).toContainText(cancellationId)),
  },
  {
    route: 'cancel-orders/:id',
    module: 'cancel-order-detail-route',
    state: 'not found',
    current: ['/cancel-orders'],
    notFound: true,
    refusals: [{ status: 404, url: new RegExp(`/cancelProductOrder/${unknownCancellation}$`) }],
    open: (page) => page.goto(`/cancel-orders/${unknownCancellation}`).then(() => expect(main(page).getByRole('heading', { level: 2 })).toBeVisible()),
  },
  {
    route: 'cancel-orders/:id',
    module: 'cancel-order-detail-route',
    state: 'error',
    answer: { answer: 'error', path: readsOf.cancellation },
    current: ['/cancel-orders'],
    open: (page) => failed(page, `/cancel-orders/${cancellationId}`),
  },

  // The outbox (nothing waiting) and an outbox entry that is not there.
  { route: 'outbox/:id?', module: 'outbox-route', state: 'empty', current: [], open: (page) => loaded(page, '/outbox', () => Promise.resolve()) },

  // An address the app does not know; the sign-in callback reached without a sign-in (the demo has none).
  {
    route: '*',
    module: 'not-found-route',
    state: 'not found',
    current: [],
    notFound: true,
    open: (page) => loaded(page, '/no/such/page', () => Promise.resolve()),
  },
  { route: 'auth/callback', module: 'auth-callback-route', state: 'without a sign-in', current: [], open: (page) => loaded(page, '/auth/callback', () => Promise.resolve()) },

  // Many tickets at once (issue 41): the empty page, and a checked file with a line that needs attention.
  { route: 'tickets/bulk', module: 'bulk-entry-route', state: 'empty', current: ['/tickets'], open: (page) => loaded(page, '/tickets/bulk', (p) => expect(main(p).locator('#bulk-file')).toBeVisible()) },
  {
    route: 'tickets/bulk',
    module: 'bulk-entry-route',
    state: 'a checked file with errors',
    current: ['/tickets'],
    open: (page) =>
      loaded(page, `/tickets/bulk?from=${faultId}`, async (p) => {
        await expect(main(p).locator('.bulk-shared__summary')).toBeVisible();
        const csv = 'accessLineId;affectedProductId;locationContactFamilyName\nDEU.DTAG.ABC1234567;PRD-1;Müller\nX;PRD-2;Schmidt\n';
        await main(p).locator('#bulk-file').setInputFiles({ name: 'lines.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await expect(main(p).locator('.bulk-summary__attention')).toBeVisible();
      }),
  },
];

/** Whether a (screen, check) pair at this width and language is a known failure: its entry, or undefined. */
export function knownFailure(screen: Screen, check: CheckName, width: number, language: Language): KnownFailure | undefined {
  return screen.known?.find(
    (known) => known.check === check && (!known.widths || known.widths.includes(width)) && (!known.languages || known.languages.includes(language)),
  );
}

/** Prepares the page for the screen's state (before the first `goto`). */
export async function prepare(page: Page, screen: Screen): Promise<void> {
  if (screen.answer) await answerReads(page, screen.answer.answer, screen.answer.path);
}
