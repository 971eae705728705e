// @vitest-environment node
/** The demo paints before its in-browser service runs: requests wait for the service, started or failed. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Module state (one service per page): each test loads the modules afresh.
beforeEach(() => vi.resetModules());

async function load() {
  const service = await import('../lib/demo-service');
  const { demoTokenSource } = await import('./token-source');
  return { ...service, demoTokenSource };
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether the promise has settled after everything queued so far has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the demo service', () => {
  it('is ready from the start when nothing starts it (real mode, tests): the demo token comes at once', async () => {
    const { demoTokenSource } = await load();
    expect(await settled(demoTokenSource.getAccessToken())).toBe(true);
    expect(await demoTokenSource.getAccessToken()).toBe('demo-token');
  });

  it('while it starts, the demo token (and so every request) waits; it comes once the service runs', async () => {
    const { startingDemoService, demoTokenSource } = await load();
    const start = deferred();
    startingDemoService(start.promise);
    const token = demoTokenSource.getAccessToken();
    expect(await settled(token)).toBe(false);
    start.resolve();
    expect(await token).toBe('demo-token');
  });

  it('a start that failed lets the requests go (the screens then say the service cannot be reached)', async () => {
    const { startingDemoService, demoTokenSource } = await load();
    const start = deferred();
    startingDemoService(start.promise);
    start.reject(new Error('no service worker'));
    expect(await demoTokenSource.getAccessToken()).toBe('demo-token');
  });
});
