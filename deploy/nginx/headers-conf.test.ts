/** headers-conf.mjs: a build's _headers become nginx add_header lines, or a sentence saying why not. */
import { describe, expect, it } from 'vitest';
import { headersFile } from '../../scripts/csp';
import { nginxHeaders } from './headers-conf.mjs';

describe('nginxHeaders', () => {
  it('writes one add_header … always; per header of the build', () => {
    expect(nginxHeaders(headersFile("default-src 'self'; frame-ancestors 'none'"))).toBe(
      `add_header Content-Security-Policy "default-src 'self'; frame-ancestors 'none'" always;\nadd_header X-Content-Type-Options "nosniff" always;\n`,
    );
  });

  it.each([
    ['an empty file', '', 'No headers found'],
    ['a value with a double quote', '/*\n  X-Test: a"b\n', 'A header value with a double quote cannot be written for nginx: X-Test'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => nginxHeaders(text)).toThrow(message);
  });
});
