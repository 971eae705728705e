// @vitest-environment node
// `npm test`'s runner (scripts/run-steps.mjs) in a throwaway package: steps in order, a comma group at the same time
// with its outputs whole, and a failure that stops the steps after it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const runner = resolve(import.meta.dirname, 'run-steps.mjs');
const folder = mkdtempSync(join(tmpdir(), 'run-steps-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// "a" and "b" each wait until the other has started: they pass only when they run at the same time (else "a" times out).
const waitFor = (mine: string, other: string) =>
  `node -e "const fs=require('fs');fs.writeFileSync('${mine}','');console.log('${mine} one');const t=Date.now();const w=()=>fs.existsSync('${other}')?console.log('${mine} two'):Date.now()-t>40000?process.exit(3):setTimeout(w,20);w()"`;
writeFileSync(
  join(folder, 'package.json'),
  JSON.stringify({
    name: 'probe',
    private: true,
    scripts: {
      a: waitFor('a.started', 'b.started'),
      b: waitFor('b.started', 'a.started'),
      ok: 'node -e "console.log(\'ok ran\')"',
      fails: 'node -e "process.exit(4)"',
      noisy: `node -e "console.log('why it failed');for(let i=0;i<300;i++)console.log('[WebServer] log line '+i);console.log('the last word');process.exit(5)"`,
    },
  }),
);

async function steps(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)('node', [runner, ...args], { cwd: folder, timeout: 90_000 });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe('run-steps', { timeout: 120_000 }, () => {
  it('runs a comma group at the same time and prints each output whole', async () => {
    rmSync(join(folder, 'a.started'), { force: true });
    rmSync(join(folder, 'b.started'), { force: true });
    const { code, out } = await steps('a,b', 'ok');
    expect(code).toBe(0);
    expect(out).toMatch(/a\.started one\na\.started two\n/);
    expect(out).toMatch(/b\.started one\nb\.started two\n/);
    expect(out).toMatch(/^ok\s+passed/m);
    expect(out).toMatch(/^total\s+passed/m);
  });

  it('stops at a failing step and lists the steps after it as not run', async () => {
    const { code, out } = await steps('ok,fails', 'a');
    expect(code).toBe(1);
    expect(out).toMatch(/^fails\s+FAILED/m);
    expect(out).toMatch(/^a\s+not run/m);
    expect(out).not.toContain('a.started one');
  });

  it('prints the end of a failed group step again after its group, without the servers\' log lines', async () => {
    const { code, out } = await steps('ok,noisy');
    expect(code).toBe(1);
    const after = out.slice(out.lastIndexOf('◀'));
    expect(after).toContain("▼ the end of noisy's output");
    expect(after).toMatch(/why it failed\nthe last word\n/);
    expect(after).not.toContain('[WebServer]');
    expect(after).toMatch(/^noisy\s+FAILED/m);
  });
});
