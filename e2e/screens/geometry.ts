// The geometry checks of the screen inventory (issue 37): what a person sees wrong on a screen, measured in the page
// with no pixel baselines. Each check answers a list of findings (empty: the screen passes), one sentence each, naming
// the element, so a failure says where to look. e2e/screens/geometry.spec.ts proves each on a screen built to break it.
import type { Page } from '@playwright/test';
import { wcagAxe } from '../support/fixtures';

export const checkNames = [
  'sideways',
  'clipped',
  'labelValue',
  'phoneStart',
  'firstRow',
  'headerHeight',
  'layoutShift',
  'oneWayBack',
  'navCurrent',
  'axe',
  'germanWords',
] as const;
export type CheckName = (typeof checkNames)[number];

/** Phones: the widths below this have no room to waste above the content. */
export const PHONE_MAX_WIDTH = 600;
/** Two texts closer than this (px) on one line read as one: a label "touches" its value. */
export const MIN_LABEL_GAP = 6;
/** The CLS bound (Google's "good" is 0.1; a desk that moves at all under the pointer is not good). */
export const MAX_LAYOUT_SHIFT = 0.01;
/** How long after the page's start the layout shifts are counted (the offline layer loads after ~1.5–3 s). */
export const LAYOUT_SHIFT_WINDOW_MS = 5000;

/**
 * Nothing but a data table scrolls sideways: not the page, and no box whose content is wider than itself unless what
 * it scrolls is a table.
 */
export function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth} px in ${root.clientWidth} px)`);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (!/(auto|scroll)/.test(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.clientWidth === 0 || element.querySelector('table') || !element.checkVisibility({ checkVisibilityCSS: true })) continue;
      const name = element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      found.push(`${name} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px) and holds no data table`);
    }
    return found;
  });
}

/**
 * No text clipped by its container: a text that runs past a box that hides its overflow (or past the window), an
 * ellipsis, or a field's placeholder wider than the field. Visually hidden text (1 px boxes for screen readers) and
 * text inside boxes that scroll (reachable, the sideways check's business) do not count.
 */
export function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}" (${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''})`;
    };
    const hidden = (element: Element): boolean => {
      // Not rendered: display none, visibility hidden, inside a closed <details> (content-visibility) or transparent.
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        const box = at.getBoundingClientRect();
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
        if (style.clip !== 'auto' && style.position === 'absolute') return true;
        if (style.clipPath !== 'none') return true;
        if (box.width <= 1 || box.height <= 1) return true;
      }
      // Moved out of sight on purpose (a skip link until it has focus): wholly left of, or above, the page.
      const rect = element.getBoundingClientRect();
      return rect.right + window.scrollX < 0 || rect.bottom + window.scrollY < 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || seen.has(owner) || !(node.textContent ?? '').trim()) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TEMPLATE'].includes(owner.tagName)) continue;
      seen.add(owner);
      if (hidden(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      const ownerStyle = getComputedStyle(owner);
      if (ownerStyle.textOverflow === 'ellipsis' && owner.scrollWidth > owner.clientWidth + 1) {
        found.push(`${describe(owner)} ends in an ellipsis (${owner.scrollWidth} px in ${owner.clientWidth} px)`);
        continue;
      }
      let cut = false;
      let scrolls = false;
      for (let box = owner as Element | null; box && box !== document.documentElement && !cut; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (/(auto|scroll)/.test(style.overflowX) || /(auto|scroll)/.test(style.overflowY)) {
          scrolls = true;
          break;
        }
        const hidesX = /(hidden|clip)/.test(style.overflowX);
        const hidesY = /(hidden|clip)/.test(style.overflowY);
        if (!hidesX && !hidesY) continue;
        const rect = box.getBoundingClientRect();
        const past = (hidesX && (text.right > rect.right + 1 || text.left < rect.left - 1)) || (hidesY && (text.bottom > rect.bottom + 1 || text.top < rect.top - 1));
        if (past) {
          found.push(`${describe(owner)} is cut by its container (text ${Math.round(text.left)}–${Math.round(text.right)} px, box ${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
          cut = true;
        }
      }
      if (!cut && !scrolls && (text.right > window.innerWidth + 1 || text.left < -1)) {
        found.push(`${describe(owner)} runs out of the window (${Math.round(text.left)}–${Math.round(text.right)} px of ${window.innerWidth} px)`);
      }
    }
    // A placeholder is no text node: measure it in the field's own font against the room inside the field.
    const canvas = document.createElement('canvas').getContext('2d');
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) {
      if (!canvas || hidden(field) || field.value) continue;
      const style = getComputedStyle(field);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const needed = canvas.measureText(field.placeholder).width;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (field.tagName === 'INPUT' && needed > room + 1) {
        found.push(`the placeholder "${field.placeholder}" is cut (${Math.round(needed)} px in ${Math.round(room)} px)`);
      }
    }
    return found;
  });
}

/**
 * No label overlaps or touches its value: in every description list, a term's text and its description's text that
 * share a line keep at least MIN_LABEL_GAP px apart (and never overlap).
 */
export function labelValue(page: Page, minGap = MIN_LABEL_GAP): Promise<string[]> {
  return page.evaluate((gap) => {
    const found: string[] = [];
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    };
    const visible = (element: Element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    // A label hidden for the eye and kept for screen readers (the usual 1 px clipped box) has no place on the screen.
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return visible(element) && box.width > 1 && box.height > 1;
    };
    for (const term of document.querySelectorAll('dt')) {
      if (!shown(term)) continue;
      const values: Element[] = [];
      for (let next = term.nextElementSibling; next && next.tagName === 'DD'; next = next.nextElementSibling) values.push(next);
      for (const value of values) {
        if (!visible(value)) continue;
        for (const a of lines(term)) {
          for (const b of lines(value)) {
            const sameLine = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
            if (!sameLine) continue;
            const apart = b.left >= a.left ? b.left - a.right : a.left - b.right;
            if (apart < gap) {
              found.push(`"${(term.textContent ?? '').trim()}" ${apart < 0 ? 'overlaps' : 'touches'} its value "${(value.textContent ?? '').trim().slice(0, 40)}" (${Math.round(apart)} px apart)`);
            }
          }
        }
      }
    }
    return found;
  }, minGap);
}

/** On a phone, main's content starts within the first quarter of the screen (the header takes at most that). */
export function phoneStart(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['the page has no main'];
    const first = [...main.querySelectorAll('h1, h2, p, table, form, ul, ol, dl, [role="alert"], [role="status"]')].find(
      (element) => element.checkVisibility() && element.getBoundingClientRect().height > 0,
    );
    const top = (first ?? main).getBoundingClientRect().top + window.scrollY;
    const limit = window.innerHeight / 4;
    return top > limit ? [`main's content starts at ${Math.round(top)} px, below the first quarter (${Math.round(limit)} px)`] : [];
  });
}

/** A list's first row is wholly on the first screen (no scrolling): `selector` finds the rows in main. */
export function firstRow(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((rows) => {
    const row = [...document.querySelectorAll(`main ${rows}`)].find((element) => element.checkVisibility());
    if (!row) return [`no row (${rows}) on the screen`];
    const bottom = row.getBoundingClientRect().bottom + window.scrollY;
    return bottom > window.innerHeight ? [`the first row ends at ${Math.round(bottom)} px, below the first screen (${window.innerHeight} px)`] : [];
  }, selector);
}

/** The header's height (px), as the page shows it now; or the first element `selector` finds. */
export function headerHeight(page: Page, selector = 'header'): Promise<number> {
  return page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().height);
}

/** The header (or `what`) keeps its height when the language changes: the two heights, before and after the change. */
export function sameHeight(before: number, after: number, languages: string, what = 'the header'): string[] {
  return Math.abs(before - after) > 0.5 ? [`${what} is ${Math.round(before)} px high, ${Math.round(after)} px after changing the language (${languages})`] : [];
}

/**
 * Starts counting layout shifts before the page loads (call before `goto`); `layoutShift` reads the sum. Shifts right
 * after an input (the person's own doing) do not count, as in CLS.
 */
export async function countLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; sources: string[] }[] = [];
    Object.assign(window, { screensLayoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName ?? '?');
        });
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Notes the moment the screen shows its state: the layout shifts are counted up to `windowMs` after it. */
export async function markShown(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { screensShownAt: performance.now() }));
}

/**
 * No layout shift after load: the sum of the shifts from the page's start until `windowMs` after the screen showed
 * its state (markShown; the page's start without it) stays under MAX_LAYOUT_SHIFT. If need be it waits until then: a
 * measuring window, not a wait for something to happen. A busy machine starts the window later, never cuts it short.
 */
export async function layoutShift(page: Page, windowMs = LAYOUT_SHIFT_WINDOW_MS): Promise<string[]> {
  const until = await page.evaluate((ms) => ((window as unknown as { screensShownAt?: number }).screensShownAt ?? 0) + ms, windowMs);
  await page.waitForFunction((end) => performance.now() >= end, until, { timeout: windowMs + 10_000 });
  const shifts = await page.evaluate(() => (window as unknown as { screensLayoutShifts?: { value: number; at: number; sources: string[] }[] }).screensLayoutShifts);
  if (!shifts) return ['layout shifts were not counted (countLayoutShifts before goto)'];
  const counted = shifts.filter((shift) => shift.at <= until);
  const total = counted.reduce((sum, shift) => sum + shift.value, 0);
  return total >= MAX_LAYOUT_SHIFT
    ? [`the layout shifts by ${total.toFixed(4)} (CLS) after load: ${counted.map((s) => `${s.value.toFixed(4)} at ${s.at} ms (${s.sources.join(', ')})`).join('; ')}`]
    : [];
}

/** A not-found page offers exactly one way back: one link or button in main. */
export function oneWayBack(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ways = [...document.querySelectorAll('main a[href], main button')].filter((element) => element.checkVisibility({ checkVisibilityCSS: true }));
    return ways.length === 1 ? [] : [`${ways.length} ways on a not-found page (${ways.map((way) => `"${(way.textContent ?? '').trim()}"`).join(', ')}), not one`];
  });
}

/**
 * The header's current entry: the links marked aria-current="page" in the banner must be exactly `expected` (hrefs;
 * empty: none), whether or not the phone's menu shows them.
 */
export function navCurrent(page: Page, expected: readonly string[]): Promise<string[]> {
  return page.evaluate((want) => {
    const header = document.querySelector('header');
    const marked = [...(header?.querySelectorAll('a[aria-current="page"]') ?? [])].map((link) => link.getAttribute('href') ?? '?');
    const same = marked.length === want.length && want.every((href) => marked.includes(href));
    return same ? [] : [`the header marks ${marked.length ? marked.join(', ') : 'nothing'} as current, not ${want.length ? want.join(', ') : 'nothing'}`];
  }, [...expected]);
}

/** axe (WCAG 2.2 AA, as e2e/support/fixtures.ts): one finding per violated rule. */
export async function axe(page: Page): Promise<string[]> {
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((node) => node.target.join(' >> ')).join(', ')}`);
}

/**
 * The screen's visible text (and the names it gives to buttons and fields), for the German-word check: innerText
 * leaves out what is hidden.
 */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label], [placeholder], [title]')]
      .filter((element) => element.checkVisibility({ checkVisibilityCSS: true }))
      .flatMap((element) => ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''));
    return [document.body.innerText, ...names].join('\n');
  });
}
