// The states an agent reaches that the demo's data alone does not show: the service's answers replaced in the page
// (held for ever, empty, refused) and a ticket whose values are as long as the interface allows.
import type { Page } from '@playwright/test';
import { createThroughService, hostileBody } from '../hostile/bodies';
import { API_BASE } from '../support/demo-service';

/** What the service answers, for requests whose address matches: nothing yet, no rows, or a failure. */
export type Answer = 'hold' | 'empty' | 'error';

/** Where a page that serves several screens (e2e/screens/screens.spec.ts) keeps the answer asked for its next load. */
const ASKED = 'e2e-screens-answer';

/**
 * Replaces the answers of the service's reads (GET) whose path matches `path` (a RegExp source, tested against the
 * path after the API base) before the page loads. The app looks `fetch` up at call time, so wrapping it catches its
 * requests before the demo's service worker sees them; no request leaves the page, so the console stays clean.
 * `error` is a 500 with the interface's error body: the app retries it (backoff) and then shows its error state.
 */
export async function answerReads(page: Page, answer: Answer, path: string): Promise<void> {
  await page.addInitScript(wrapFetch, { base: API_BASE, key: ASKED, fixed: { answer, path } });
}

/**
 * The same wrapper for a page that serves several screens: every load answers as `askReads` last asked (in the tab's
 * sessionStorage, read at each request), or leaves the reads alone when nothing is asked.
 */
export async function answerReadsAsAsked(page: Page): Promise<void> {
  await page.addInitScript(wrapFetch, { base: API_BASE, key: ASKED, fixed: null });
}

/** Asks the next loads of the page (on the app's origin) for `asked`, or for the service's own answers. */
export async function askReads(page: Page, asked: { answer: Answer; path: string } | undefined): Promise<void> {
  await page.evaluate(([key, value]) => (value ? sessionStorage.setItem(key, value) : sessionStorage.removeItem(key)), [ASKED, asked ? JSON.stringify(asked) : ''] as const);
}

/** The init script of both: runs in the page, so it takes everything it needs as its argument. */
function wrapFetch({ base, key, fixed }: { base: string; key: string; fixed: { answer: Answer; path: string } | null }): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const asked = fixed ?? (JSON.parse(sessionStorage.getItem(key) ?? 'null') as { answer: Answer; path: string } | null);
    if (!asked) return original(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const rest = url.pathname.startsWith(base) ? url.pathname.slice(base.length) + url.search : undefined;
    if (method !== 'GET' || rest === undefined || !new RegExp(asked.path).test(rest)) return original(input, init);
    if (asked.answer === 'hold') return new Promise<Response>(() => undefined);
    if (asked.answer === 'empty') {
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '0', 'X-Result-Count': '0' } });
    }
    const body = { '@type': 'Error', code: 'internalError', reason: 'Internal Server Error', status: '500', message: 'The service failed (screen inventory)' };
    return new Response(JSON.stringify(body), { status: 500, headers: { 'Content-Type': 'application/json' } });
  };
}

/** Reads of a list (a collection with a query string), of one ticket or cancellation, of anything. */
export const readsOf = {
  ticketList: '^/troubleTicket\\?',
  cancellationList: '^/cancelProductOrder\\?',
  ticket: '^/troubleTicket/[^/?]+',
  cancellation: '^/cancelProductOrder/[^/?]+',
  any: '',
} as const;

/**
 * A text as long as every field allows (the hostile corpus's bodies cut it to each field's length): an unbroken word
 * longer than any id first, then words, so both a box that must wrap and one that cannot are tried.
 */
const long = `Hauptverteilerkabelverzweigerstörungsmeldungsnummer ${'Leitung seit dem Unwetter gestört, Techniker hat die Muffe am Kabelverzweiger geprüft. '.repeat(14)}`;

/**
 * Creates, through the demo's own service (from inside the page), a fault whose every free text is as long as the
 * interface allows, and answers its id. The demo keeps its data in the page: open the ticket with client-side
 * navigation, not a reload.
 */
export async function createLongTicket(page: Page): Promise<string> {
  const [id] = await createThroughService(page, [hostileBody({ id: 1, tag: 'long', probes: 'long values', text: long }, 'SCREENS')]);
  return id!;
}
