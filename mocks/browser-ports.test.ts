import { once } from 'node:events';
import { MessageChannel, type MessagePort as NodePort } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { closeWorkerLeftovers } from './browser-ports';

/** The page's side as msw's worker reaches it: a message with the port to answer on (or none to answer). */
function page() {
  let listener: ((event: MessageEvent) => void) | undefined;
  closeWorkerLeftovers({ addEventListener: (_type: string, handler: (event: MessageEvent) => void) => (listener = handler) } as never);
  return (type: string, port: NodePort | undefined, payload?: unknown) =>
    listener?.({ data: { type, ...(payload ? { payload } : {}) }, ports: port ? [port] : [] } as unknown as MessageEvent);
}

const closed = (port: NodePort) => {
  let done = false;
  port.once('close', () => (done = true));
  return () => done;
};

describe('the demo worker\'s leftovers (issue 42: two message ports kept per mocked request)', () => {
  it('cancels the copy of an answer\'s body that msw sends the page for its life-cycle events, which nobody reads', async () => {
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    const payload = { request: { id: 'r-1' }, response: { status: 200, body } as { status: number; body: ReadableStream | null } };
    page()('RESPONSE', undefined, payload);
    await vi.waitFor(() => expect(cancelled).toBe(true));
    // msw then makes its Response for the life-cycle events without it (of a cancelled stream it would throw).
    expect(payload.response.body).toBeNull();
    expect(() => new Response(payload.response.body, { status: 200 })).not.toThrow();
  });

  it('leaves the body of a request and a response without a body alone', () => {
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    page()('REQUEST', undefined, { id: 'r-2', body });
    page()('RESPONSE', undefined, { response: { status: 204, body: null } });
    expect(cancelled).toBe(false);
    expect(body.locked).toBe(false);
  });

  it('closes the port of a response\'s life-cycle message at once (nobody answers on it)', async () => {
    const { port1: worker, port2 } = new MessageChannel();
    page()('RESPONSE', port2);
    await once(worker, 'close');
  });

  it('closes the port of a request once the page has answered on it, and the answer arrives', async () => {
    const { port1: worker, port2 } = new MessageChannel();
    const isClosed = closed(worker);
    page()('REQUEST', port2);
    const answer = once(worker, 'message');
    await new Promise((done) => setTimeout(done, 20));
    expect(isClosed()).toBe(false);
    port2.postMessage({ type: 'MOCK_RESPONSE', data: { status: 200 } });
    expect(await answer).toEqual([{ type: 'MOCK_RESPONSE', data: { status: 200 } }]);
    await once(worker, 'close');
  });

  it('leaves other messages\' ports alone', async () => {
    const { port1: worker, port2 } = new MessageChannel();
    const isClosed = closed(worker);
    page()('KEEPALIVE_RESPONSE', port2);
    await new Promise((done) => setTimeout(done, 20));
    expect(isClosed()).toBe(false);
    worker.close();
  });
});
