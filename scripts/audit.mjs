// `npm run audit:prod`: the shipped dependencies' known vulnerabilities (npm audit --omit=dev); high or critical fails.
// A registry that refuses the audit endpoint (this machine's proxy: 405) is said plainly as "not checked", never as a
// pass; it fails only where a check is required (AUDIT_REQUIRED=1, e.g. a CI with a registry that answers).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Severities that fail the check; npm's own order, lowest first. */
export const FAILING = ['high', 'critical'];
const ORDER = ['info', 'low', 'moderate', 'high', 'critical'];

/** Network failures npm reports as an error code: the audit did not happen, which is not a finding. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The first JSON object in npm's output (npm prints one; warnings go to stderr). */
function parseJson(text) {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
}

/** What npm's audit answer was: a report, a refusal or network failure (not checked), or something else. */
function classify(stdout) {
  const json = parseJson(stdout ?? '');
  if (json === undefined) return { kind: 'unreadable' };
  if (json.vulnerabilities && typeof json.vulnerabilities === 'object') return { kind: 'report', report: json };
  const status = Number(json.statusCode ?? json.error?.statusCode);
  if (Number.isInteger(status) && status >= 400) return { kind: 'refused', status };
  const code = json.error?.code ?? json.code;
  if (NETWORK_CODES.has(code)) return { kind: 'unreachable', code };
  return { kind: 'failed', detail: json.error?.summary || json.message || code || 'no report in the answer' };
}

/** One readable line per vulnerable package: severity, name, range, advisory titles and where they are explained. */
function describeFinding(vulnerability) {
  const advisories = (vulnerability.via ?? []).filter((via) => typeof via === 'object');
  const through = (vulnerability.via ?? []).filter((via) => typeof via === 'string');
  const titles = advisories.map((via) => `${via.title ?? 'advisory'}${via.url ? ` (${via.url})` : ''}`);
  const fix = vulnerability.fixAvailable === false ? 'no fix available' : 'a fix is available (npm audit fix)';
  const cause = titles.length > 0 ? titles.join('; ') : `through ${through.join(', ')}`;
  return `  ${vulnerability.severity.padEnd(8)} ${vulnerability.name} ${vulnerability.range ?? ''}: ${cause}; ${fix}`;
}

/**
 * The decision, from npm's exit code and output (pure: tested with canned answers). `exitCode` is what this script
 * exits with; `lines` what it prints.
 */
export function decide({ stdout, stderr = '', status }, env = {}) {
  const required = env.AUDIT_REQUIRED === '1';
  const answer = classify(stdout);
  const notChecked = (why) => ({
    exitCode: required ? 1 : 0,
    checked: false,
    lines: [
      `npm audit could not run: ${why} — not checked`,
      required ? 'AUDIT_REQUIRED=1: a check that could not run fails.' : 'Set AUDIT_REQUIRED=1 to make this fail.',
    ],
  });
  switch (answer.kind) {
    case 'refused':
      return notChecked(`the registry refused the audit endpoint (${answer.status})`);
    case 'unreachable':
      return notChecked(`the registry could not be reached (${answer.code})`);
    case 'unreadable':
    case 'failed': {
      const detail = answer.kind === 'failed' ? answer.detail : `no JSON report (npm exited with ${status ?? 'a signal'})`;
      const hint = stderr.trim().split('\n').find((line) => /error/i.test(line));
      return { exitCode: 1, checked: false, lines: [`npm audit failed: ${detail}${hint ? ` (${hint.trim()})` : ''}`] };
    }
    case 'report': {
      const all = Object.values(answer.report.vulnerabilities).sort(
        (a, b) => ORDER.indexOf(b.severity) - ORDER.indexOf(a.severity) || a.name.localeCompare(b.name),
      );
      const failing = all.filter((vulnerability) => FAILING.includes(vulnerability.severity));
      const others = all.filter((vulnerability) => !FAILING.includes(vulnerability.severity));
      const total = answer.report.metadata?.dependencies?.prod;
      const scope = `production dependencies${typeof total === 'number' ? ` (${total})` : ''}`;
      const lines = [];
      if (failing.length > 0) {
        lines.push(`npm audit: ${failing.length} high or critical finding(s) in the ${scope}:`, ...failing.map(describeFinding));
      } else {
        lines.push(`npm audit: no high or critical finding in the ${scope}.`);
      }
      if (others.length > 0) lines.push(`Below the bar (reported, not failing): ${others.length}`, ...others.map(describeFinding));
      return { exitCode: failing.length > 0 ? 1 : 0, checked: true, lines };
    }
  }
}

function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 180_000,
  });
  if (run.error) {
    console.error(`npm audit failed: could not start npm (${run.error.message})`);
    process.exit(1);
  }
  const result = decide(run, process.env);
  for (const line of result.lines) (result.exitCode === 0 ? console.log : console.error)(line);
  process.exit(result.exitCode);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
