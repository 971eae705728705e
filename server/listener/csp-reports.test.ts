/** POST /csp-report on the receiver's app: both report formats logged one line each, other types 415, 16 KiB at most. */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { createListenerApp } from './app';
import { CSP_MAX_VIOLATIONS_PER_REPORT, CSP_REPORT_MAX_BYTES, CSP_REPORT_WINDOW_MS, CSP_REPORTS_PER_WINDOW } from './csp-reports';
import type { LogLine } from './log';

function receiver() {
  const lines: LogLine[] = [];
  const { app } = createListenerApp({ log: (line) => lines.push(line) });
  const post = (type: string | undefined, body?: string) =>
    app.request('/csp-report', { method: 'POST', headers: type === undefined ? {} : { 'Content-Type': type }, ...(body === undefined ? {} : { body }) });
  return { post, lines, violations: () => lines.filter((line) => line.kind === 'cspViolation') };
}

/** What Chromium sends to report-uri. */
const legacyReport = (blocked: string, directive = 'script-src-elem') =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'https://desk.example.com/tickets/TT-000042?agent=someone',
      referrer: '',
      'violated-directive': directive,
      'effective-directive': directive,
      'original-policy': "default-src 'self'",
      disposition: 'enforce',
      'blocked-uri': blocked,
      'status-code': 200,
      'script-sample': 'alert(document.cookie)',
    },
  });

/** What Chromium sends to a report-to endpoint: an array, possibly of several reports and other types. */
const reportingApiBody = JSON.stringify([
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://desk.example.com/tickets',
    user_agent: 'Chromium',
    body: {
      documentURL: 'https://desk.example.com/tickets',
      effectiveDirective: 'require-trusted-types-for',
      blockedURL: 'trusted-types-sink',
      disposition: 'enforce',
      sample: 'Element innerHTML|<img src=x onerror=alert(1)>',
      statusCode: 200,
    },
  },
  {
    type: 'csp-violation',
    age: 12,
    url: 'https://desk.example.com/',
    user_agent: 'Chromium',
    body: { documentURL: 'https://desk.example.com/', effectiveDirective: 'connect-src', blockedURL: 'https://evil.example/steal?token=abc#x', disposition: 'enforce' },
  },
  { type: 'deprecation', age: 1, url: 'https://desk.example.com/', user_agent: 'Chromium', body: { id: 'x', message: 'y' } },
]);

describe('POST /csp-report', () => {
  it('takes a report-uri report: 204, and one log line with the directive and the blocked URL, no more', async () => {
    const { post, lines } = receiver();
    const res = await post('application/csp-report', legacyReport('https://evil.example/x.js?session=secret'));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(lines).toEqual([{ kind: 'cspViolation', directive: 'script-src-elem', blocked: 'https://evil.example/x.js' }]);
  });

  it('takes a report-to batch: one line per csp-violation, other report types left out, queries and samples never logged', async () => {
    const { post, lines } = receiver();
    const res = await post('application/reports+json', reportingApiBody);
    expect(res.status).toBe(204);
    expect(lines).toEqual([
      { kind: 'cspViolation', directive: 'require-trusted-types-for', blocked: 'trusted-types-sink' },
      { kind: 'cspViolation', directive: 'connect-src', blocked: 'https://evil.example/steal' },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/token|onerror|someone|secret/);
  });

  it.each([
    ['inline', 'inline'],
    ['eval', 'eval'],
    ['data:text/html,<script>', 'data:'],
    ['', '(none)'],
  ])('logs the blocked %j as %j', async (blocked, logged) => {
    const { post, violations } = receiver();
    expect((await post('application/csp-report; charset=utf-8', legacyReport(blocked))).status).toBe(204);
    expect(violations()).toEqual([{ kind: 'cspViolation', directive: 'script-src-elem', blocked: logged }]);
  });

  it.each([
    ['text/html with a body', 'text/html', '<p>hi</p>'],
    ['text/html without a body', 'text/html', undefined],
    ['application/json', 'application/json', legacyReport('inline')],
    ['text/plain', 'text/plain', legacyReport('inline')],
    ['no content type', undefined, legacyReport('inline')],
  ])('refuses %s with 415, logs no violation but the refusal', async (_name, type, body) => {
    const { post, lines, violations } = receiver();
    const res = await post(type, body);
    expect(res.status).toBe(415);
    expect(ErrorMessage.parse(await res.json())).toMatchObject({ code: 'invalidContentType', status: '415' });
    expect(violations()).toEqual([]);
    expect(lines).toEqual([{ kind: 'refused', method: 'POST', path: '/csp-report', status: 415, code: 'invalidContentType', reason: expect.stringMatching(/^A violation report is application\/csp-report or /) }]);
  });

  /** A report-uri body of exactly `bytes` bytes (the blocked URL's path padded). */
  const reportOf = (bytes: number) => {
    const empty = legacyReport('https://evil.example/');
    return legacyReport(`https://evil.example/${'a'.repeat(bytes - empty.length)}`);
  };

  it.each([
    [CSP_REPORT_MAX_BYTES, 204],
    [CSP_REPORT_MAX_BYTES + 1, 413],
  ])('a body of %i bytes is answered %i', async (bytes, status) => {
    const { post, violations } = receiver();
    const body = reportOf(bytes);
    expect(new TextEncoder().encode(body).byteLength).toBe(bytes);
    const res = await post('application/csp-report', body);
    expect(res.status).toBe(status);
    expect(violations()).toHaveLength(status === 204 ? 1 : 0);
    if (status === 204) expect(violations()[0]?.blocked).toHaveLength(200);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const { post, violations } = receiver();
    const res = await post('application/reports+json', '[{"type":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'malformedJson' });
    expect(violations()).toEqual([]);
  });
});

describe('bounds on what reports can write (issue 38)', () => {
  const many = (count: number) =>
    JSON.stringify(Array.from({ length: count }, (_, i) => ({ type: 'csp-violation', body: { effectiveDirective: 'img-src', blockedURL: `https://x${i}.example/` } })));

  it.each([
    [CSP_MAX_VIOLATIONS_PER_REPORT, CSP_MAX_VIOLATIONS_PER_REPORT, 0],
    [CSP_MAX_VIOLATIONS_PER_REPORT + 1, CSP_MAX_VIOLATIONS_PER_REPORT, 1],
    [123, CSP_MAX_VIOLATIONS_PER_REPORT, 1],
  ])('a request of %s violations writes %s violation lines and %s summary line', async (count, logged, summaries) => {
    const { post, lines, violations } = receiver();
    expect((await post('application/reports+json', many(count))).status).toBe(204);
    expect(violations()).toHaveLength(logged);
    expect(lines.filter((line) => line.kind === 'info' && line.message.includes('not logged'))).toHaveLength(summaries);
  });

  it(`takes ${CSP_REPORTS_PER_WINDOW} report requests in a window, then answers 429 with Retry-After until it turns`, async () => {
    let t = 0;
    const lines: LogLine[] = [];
    const { app } = createListenerApp({ log: (line) => lines.push(line), now: () => t });
    const post = () => app.request('/csp-report', { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: legacyReport('inline') });
    for (let i = 0; i < CSP_REPORTS_PER_WINDOW; i += 1) expect((await post()).status).toBe(204);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(CSP_REPORT_WINDOW_MS / 1000));
    expect(lines.filter((line) => line.kind === 'cspViolation')).toHaveLength(CSP_REPORTS_PER_WINDOW);
    t += CSP_REPORT_WINDOW_MS;
    expect((await post()).status).toBe(204);
  });
});
