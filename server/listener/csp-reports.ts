/** POST /csp-report: the browsers' Content-Security-Policy violation reports (report-uri and report-to), one log line each. */
import type { Hono } from 'hono';
import { errorResponse } from '../errors';
import type { Logger } from './log';
import { readBodyLimited } from './read-body';

export const CSP_REPORT_PATH = '/csp-report';
/** A browser's report is well under 2 kB; a body of several stays far below this. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** The older `report-uri` format, and the Reporting API's (`report-to`), which batches several reports in one array. */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'] as const;
/** A directive's or a URL's characters in the log: enough to find the cause, not a place to store text. */
const MAX_FIELD_CHARS = 200;
/** Log lines one report request may write: a browser batches a few; a forged body of hundreds writes no more. */
export const CSP_MAX_VIOLATIONS_PER_REPORT = 10;
/** Report requests taken per window by this process; past it, 429 until the window turns (a flood fills no log). */
export const CSP_REPORTS_PER_WINDOW = 60;
export const CSP_REPORT_WINDOW_MS = 10_000;

export type CspViolation = { directive: string; blocked: string };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The blocked URL without its query and fragment (an address may carry a ticket or a code there), or the keyword a
 * browser sends instead of one (`inline`, `eval`, `trusted-types-sink`, …).
 */
function blockedOf(value: unknown): string {
  const raw = text(value);
  if (!raw) return '(none)';
  let blocked = raw;
  try {
    const url = new URL(raw);
    blocked = url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : url.protocol;
  } catch {
    // A keyword, not a URL: kept as it is.
  }
  return blocked.slice(0, MAX_FIELD_CHARS);
}

const directiveOf = (...values: unknown[]) => (values.map(text).find(Boolean) ?? '(none)').slice(0, MAX_FIELD_CHARS);

/** The violations in a report body of `type`; anything else in it (other report types, the document, a sample) is dropped. */
export function violationsOf(type: (typeof REPORT_TYPES)[number], body: unknown): CspViolation[] {
  const object = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined);
  if (type === 'application/csp-report') {
    const report = object(object(body)?.['csp-report']);
    return report ? [{ directive: directiveOf(report['effective-directive'], report['violated-directive']), blocked: blockedOf(report['blocked-uri']) }] : [];
  }
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry) => {
    const report = object(entry);
    const details = object(report?.body);
    if (report?.type !== 'csp-violation' || !details) return [];
    return [{ directive: directiveOf(details.effectiveDirective), blocked: blockedOf(details.blockedURL) }];
  });
}

export type CspReportOptions = { log: Logger; maxBytes?: number; now?: () => number; perWindow?: number; windowMs?: number };

/**
 * Adds POST /csp-report: 204 for a report (at most CSP_MAX_VIOLATIONS_PER_REPORT lines logged), 415 for another content
 * type, 413 past 16 KiB, 400 for broken JSON, 429 past CSP_REPORTS_PER_WINDOW requests in a window.
 */
export function addCspReportRoute(app: Hono, options: CspReportOptions): void {
  const { log, maxBytes = CSP_REPORT_MAX_BYTES, now = Date.now, perWindow = CSP_REPORTS_PER_WINDOW, windowMs = CSP_REPORT_WINDOW_MS } = options;
  let window = { start: -Infinity, count: 0 };
  app.post(CSP_REPORT_PATH, async (c) => {
    const t = now();
    if (t - window.start >= windowMs) window = { start: t, count: 0 };
    window.count += 1;
    if (window.count > perWindow) {
      const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - t) / 1000));
      return errorResponse(429, 'tooManyRequests', `More violation reports than this server takes at once; try again in ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    const declared = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const type = REPORT_TYPES.find((known) => known === declared);
    if (!type) {
      return errorResponse(415, 'invalidContentType', `A violation report is ${REPORT_TYPES.join(' or ')}, not ${declared || 'a body without a type'}.`);
    }
    const read = await readBodyLimited(c.req.raw, maxBytes);
    if ('tooLarge' in read) return errorResponse(413, 'bodyTooLarge', `A violation report is at most ${maxBytes / 1024} KiB; this one is larger.`);
    if ('notUtf8' in read) return errorResponse(400, 'malformedJson', 'The report is not UTF-8 text.');
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return errorResponse(400, 'malformedJson', 'The report is not JSON.');
    }
    const violations = violationsOf(type, body);
    for (const violation of violations.slice(0, CSP_MAX_VIOLATIONS_PER_REPORT)) log({ kind: 'cspViolation', ...violation });
    if (violations.length > CSP_MAX_VIOLATIONS_PER_REPORT) {
      log({ kind: 'info', message: `CSP report: ${violations.length - CSP_MAX_VIOLATIONS_PER_REPORT} more violations in the same report not logged` });
    }
    return c.body(null, 204);
  });
}
