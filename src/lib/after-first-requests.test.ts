// @vitest-environment node
/** Work that waits for a screen's first requests: it starts when they have settled, or at the latest after a ceiling. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstRequests } from './after-first-requests';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A query whose answer the test gives when it wants. */
function heldQuery(client: QueryClient, key: string) {
  let answer: (value: number) => void = () => undefined;
  const done = client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<number>((resolve) => (answer = resolve)) });
  return { answer: async (value: number) => (answer(value), await done) };
}

describe('afterFirstRequests', () => {
  it('waits while the first requests are in flight and starts when the last has settled', async () => {
    const client = new QueryClient();
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 3000 });
    const counts = heldQuery(client, 'counts');
    const overdue = heldQuery(client, 'overdue');
    await counts.answer(1);
    expect(go).not.toHaveBeenCalled();
    await overdue.answer(2);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('starts even when a request was already in flight before it began waiting', async () => {
    const client = new QueryClient();
    const counts = heldQuery(client, 'counts');
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 3000 });
    await counts.answer(1);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a screen without requests', false],
    ['requests still in flight', true],
  ])('with %s, starts after the ceiling, not before', async (_case, fetching) => {
    const client = new QueryClient();
    if (fetching) heldQuery(client, 'slow');
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 3000 });
    await vi.advanceTimersByTimeAsync(2999);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('starts once: later requests and the ceiling do not start it again', async () => {
    const client = new QueryClient();
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 3000 });
    await heldQuery(client, 'first').answer(1);
    await heldQuery(client, 'second').answer(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('with a quiet period, starts only once the cache has stayed still that long after its requests settled', async () => {
    const client = new QueryClient();
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 3000, quietMs: 1000 });
    await heldQuery(client, 'counts').answer(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('with a quiet period, a request that starts within it waits for a new quiet period', async () => {
    const client = new QueryClient();
    const go = vi.fn();
    afterFirstRequests(client, go, { atMostMs: 10_000, quietMs: 1000 });
    await heldQuery(client, 'counts').answer(1);
    await vi.advanceTimersByTimeAsync(500);
    const overdue = heldQuery(client, 'overdue');
    await vi.advanceTimersByTimeAsync(1000);
    expect(go).not.toHaveBeenCalled();
    await overdue.answer(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('cancelled, never starts', async () => {
    const client = new QueryClient();
    const go = vi.fn();
    const cancel = afterFirstRequests(client, go, { atMostMs: 3000 });
    const counts = heldQuery(client, 'counts');
    cancel();
    await counts.answer(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(go).not.toHaveBeenCalled();
  });
});
