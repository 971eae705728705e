// @vitest-environment node
// npm run audit:prod's decision from npm's answer: high/critical fails with a readable list, a refused or unreachable
// registry is "not checked" (failing only with AUDIT_REQUIRED=1), anything unreadable fails. Canned answers only.
import { describe, expect, it } from 'vitest';
import { decide } from './audit.mjs';

/** This machine's registry proxy, verbatim (npm 11, `npm audit --omit=dev --json`, exit 1). */
const refused405 = JSON.stringify(
  {
    message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    method: 'POST',
    uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    headers: { allow: ['GET,HEAD'], 'content-length': ['0'] },
    statusCode: 405,
    body: '',
    error: { summary: '', detail: '' },
  },
  null,
  2,
);
const refusedStderr = 'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk\nnpm error audit endpoint returned an error\n';

const unreachable = JSON.stringify({
  error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org', detail: '' },
});

const noLockfile = JSON.stringify({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.', detail: 'Try creating one first with: npm i --package-lock-only' } });

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

/** An npm audit report (version 2) with one advisory per named package. */
function report(findings: { name: string; severity: Severity; fix?: boolean }[]): string {
  const vulnerabilities = Object.fromEntries(
    findings.map(({ name, severity, fix = true }) => [
      name,
      {
        name,
        severity,
        isDirect: true,
        via: [{ source: 1, name, dependency: name, title: `${name} is ${severity}ly broken`, url: `https://github.com/advisories/GHSA-${name}`, severity, range: '<9.9.9' }],
        effects: [],
        range: '<9.9.9',
        nodes: [`node_modules/${name}`],
        fixAvailable: fix,
      },
    ]),
  );
  const count = (severity: Severity) => findings.filter((finding) => finding.severity === severity).length;
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: count('info'), low: count('low'), moderate: count('moderate'), high: count('high'), critical: count('critical'), total: findings.length },
      dependencies: { prod: 42, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 42 },
    },
  });
}

describe('decide', () => {
  it.each([
    { case: 'a clean report', stdout: report([]), status: 0, exitCode: 0, checked: true, says: 'no high or critical finding in the production dependencies (42)' },
    { case: 'only low and moderate', stdout: report([{ name: 'lo', severity: 'low' }, { name: 'mo', severity: 'moderate' }]), status: 1, exitCode: 0, checked: true, says: 'Below the bar (reported, not failing): 2' },
    { case: 'one high', stdout: report([{ name: 'hi', severity: 'high' }]), status: 1, exitCode: 1, checked: true, says: '1 high or critical finding(s)' },
    { case: 'one critical among moderate', stdout: report([{ name: 'mo', severity: 'moderate' }, { name: 'cr', severity: 'critical', fix: false }]), status: 1, exitCode: 1, checked: true, says: 'critical cr <9.9.9: cr is critically broken (https://github.com/advisories/GHSA-cr); no fix available' },
    { case: 'the registry refuses the endpoint (405)', stdout: refused405, stderr: refusedStderr, status: 1, exitCode: 0, checked: false, says: 'npm audit could not run: the registry refused the audit endpoint (405) — not checked' },
    { case: 'the registry cannot be reached', stdout: unreachable, status: 1, exitCode: 0, checked: false, says: 'npm audit could not run: the registry could not be reached (ENOTFOUND) — not checked' },
    { case: 'no lockfile (a project defect)', stdout: noLockfile, status: 1, exitCode: 1, checked: false, says: 'npm audit failed: This command requires an existing lockfile.' },
    { case: 'no JSON at all', stdout: 'Segmentation fault', stderr: 'npm error something broke', status: 139, exitCode: 1, checked: false, says: 'npm audit failed: no JSON report (npm exited with 139) (npm error something broke)' },
  ])('$case: exit $exitCode', ({ stdout, stderr, status, exitCode, checked, says }) => {
    const decision = decide({ stdout, stderr, status }, {});
    expect(decision.exitCode).toBe(exitCode);
    expect(decision.checked).toBe(checked);
    expect(decision.lines.join('\n')).toContain(says);
  });

  it('lists every failing package, worst first, each with its advisory and fix', () => {
    const { lines } = decide(
      { stdout: report([{ name: 'b-high', severity: 'high' }, { name: 'a-critical', severity: 'critical' }, { name: 'c-low', severity: 'low' }]), status: 1 },
      {},
    );
    expect(lines).toEqual([
      'npm audit: 2 high or critical finding(s) in the production dependencies (42):',
      '  critical a-critical <9.9.9: a-critical is critically broken (https://github.com/advisories/GHSA-a-critical); a fix is available (npm audit fix)',
      '  high     b-high <9.9.9: b-high is highly broken (https://github.com/advisories/GHSA-b-high); a fix is available (npm audit fix)',
      'Below the bar (reported, not failing): 1',
      '  low      c-low <9.9.9: c-low is lowly broken (https://github.com/advisories/GHSA-c-low); a fix is available (npm audit fix)',
    ]);
  });

  it('names a package that is vulnerable only through another one', () => {
    const stdout = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: { wrapper: { name: 'wrapper', severity: 'high', via: ['inner'], range: '1.x', fixAvailable: { name: 'wrapper', version: '2.0.0', isSemVerMajor: true } } },
      metadata: {},
    });
    const decision = decide({ stdout, status: 1 }, {});
    expect(decision.exitCode).toBe(1);
    expect(decision.lines[1]).toBe('  high     wrapper 1.x: through inner; a fix is available (npm audit fix)');
  });

  it.each([
    { stdout: refused405, case: 'refused' },
    { stdout: unreachable, case: 'unreachable' },
  ])('AUDIT_REQUIRED=1 turns "not checked" ($case) into a failure; other values do not', ({ stdout }) => {
    expect(decide({ stdout, status: 1 }, { AUDIT_REQUIRED: '1' })).toMatchObject({ exitCode: 1, checked: false });
    expect(decide({ stdout, status: 1 }, { AUDIT_REQUIRED: '0' }).exitCode).toBe(0);
    expect(decide({ stdout, status: 1 }, { AUDIT_REQUIRED: undefined }).exitCode).toBe(0);
    expect(decide({ stdout, status: 1 }, { AUDIT_REQUIRED: '1' }).lines.join('\n')).toContain('AUDIT_REQUIRED=1');
  });

  it('AUDIT_REQUIRED=1 does not change a clean report', () => {
    expect(decide({ stdout: report([]), status: 0 }, { AUDIT_REQUIRED: '1' }).exitCode).toBe(0);
  });
});
