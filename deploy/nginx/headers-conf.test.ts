/** headers-conf.mjs: a build's _headers become nginx add_header lines (and HSTS), or a sentence saying why not. */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

describe('node headers-conf.mjs <build>/_headers, as the guide runs it on the host', () => {
  it.each([
    ['from the release folder itself', 'releases/r1'],
    ['through the link to the current release', 'server'],
  ])('%s (%s/deploy/nginx/headers-conf.mjs) prints the same add_header lines', async (_what, through) => {
    const root = await mkdtemp(join(tmpdir(), 'ttd-headers-conf-'));
    try {
      await mkdir(join(root, 'releases', 'r1', 'deploy', 'nginx'), { recursive: true });
      await copyFile(fileURLToPath(new URL('headers-conf.mjs', import.meta.url)), join(root, 'releases', 'r1', 'deploy', 'nginx', 'headers-conf.mjs'));
      await symlink('releases/r1', join(root, 'server'));
      const built = headersFile("default-src 'self'");
      await writeFile(join(root, '_headers'), built);
      const printed = execFileSync(process.execPath, [join(root, through, 'deploy', 'nginx', 'headers-conf.mjs'), join(root, '_headers')], { encoding: 'utf8' });
      expect(printed).toBe(nginxHeaders(built));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
