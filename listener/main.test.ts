/** `npm run listener` as a process: one ready line, health, env errors in words, and a clean stop with streams open. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'listener/main.ts'], {
    env: { ...process.env, LISTENER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)?.[1];
      if (url) resolve(url);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr.join('')}`)));
  });
  // A test that expects the start to fail never awaits `ready`.
  ready.catch(() => {});
  return { child, ready, exited, stderr };
}

describe('listener/main.ts', () => {
  it('prints "listening on http://127.0.0.1:<port>", answers health, and stops on SIGTERM with a stream open', async () => {
    const { child, ready, exited, stderr } = start({});
    const base = await ready;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    const { ticket } = (await (await fetch(`${base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: 'Bearer a' } })).json()) as { ticket: string };
    const stream = await fetch(`${base}/relay/events?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The stream was ended by the receiver, not left hanging.
    for (;;) if ((await reader.read()).done) break;
    expect(stderr.join('')).toContain('LISTENER_ISSUER is not set, so the listener paths accept ANY bearer token');
  }, 30_000);

  it('stops with a sentence, and status 1, on a wrong setting', async () => {
    const { exited, stderr } = start({ LISTENER_BUFFER_SIZE: 'lots' });
    expect(await exited).toBe(1);
    expect(stderr.join('')).toContain('LISTENER_BUFFER_SIZE must be a whole number from 1 to 1000000, not "lots".');
  }, 30_000);
});
