/** headers-conf.mjs: a build's _headers become nginx add_header lines (and HSTS), or a sentence saying why not. */
import { describe, expect, it } from 'vitest';
import { headersFile } from '../../scripts/csp';
import { HSTS, nginxHeaders } from './headers-conf.mjs';

describe('nginxHeaders', () => {
  it('writes one add_header … always; per header of the build, each in the quote its value does not hold, then HSTS', () => {
    const lines = nginxHeaders(headersFile("default-src 'self'; frame-ancestors 'none'")).trimEnd().split('\n');
    expect(lines).toContain(`add_header Content-Security-Policy "default-src 'self'; frame-ancestors 'none'" always;`);
    expect(lines).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(lines).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(lines).toContain(`add_header Reporting-Endpoints 'csp="/csp-report"' always;`);
    expect(lines.at(-2)).toBe(HSTS);
    // Each also hidden from upstream answers, so a header the gateway sends too is not there twice.
    expect(lines.filter((line) => line.startsWith('proxy_hide_header '))).toEqual(
      lines.filter((line) => line.startsWith('add_header ')).map((line) => `proxy_hide_header ${line.split(' ')[1]};`),
    );
    expect(lines).toHaveLength(16);
  });

  it.each([
    ['an empty file', '', 'No headers found'],
    ['a value with both quotes', '/*\n  X-Test: a"b\'c\n', 'cannot be written for nginx: X-Test'],
    ['a value with an nginx variable', '/*\n  X-Test: $host\n', 'cannot be written for nginx: X-Test'],
    ['a value with a backslash', '/*\n  X-Test: a\\"\n', 'cannot be written for nginx: X-Test'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => nginxHeaders(text)).toThrow(message);
  });
});
