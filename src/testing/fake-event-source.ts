/** Test doubles of the relay for the connection and panel tests: an EventSource, the ticket POST, and manual timers. */
import type { EventSourceFactory, EventSourceLike } from '../features/notifications/api/event-stream';

export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.onopen?.(new Event('open'));
  }

  fail(): void {
    this.onerror?.(new Event('error'));
  }

  /** Sends one SSE message as the relay would (`id`, `event`, `data`). */
  send(type: string, data: unknown, id = ''): void {
    const event = new MessageEvent<string>(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** A `notification` message carrying `envelope`. */
  notify(id: string, envelope: Record<string, unknown> | null, eventType = String(envelope?.eventType ?? 'TroubleTicketMilestoneEvent')): void {
    this.send('notification', { eventType, receivedAt: '2026-11-22T09:30:00.000Z', envelope }, id);
  }
}

export const fakeEventSource = FakeEventSource as unknown as EventSourceFactory;

/** A fetch that sells numbered tickets ("ticket-1", …) and records each request. */
export function ticketFetch(status = 201) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  let sold = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), init });
    sold += 1;
    return new Response(JSON.stringify({ ticket: `ticket-${sold}`, expiresInSeconds: 30 }), { status });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** Timers run by hand: `delays` lists what was scheduled, `runNext()` runs the oldest pending one. */
export function manualTimers() {
  const pending: { run: () => void; ms: number; id: number }[] = [];
  const delays: number[] = [];
  let next = 1;
  return {
    delays,
    pending,
    timers: {
      setTimeout: (run: () => void, ms: number) => {
        delays.push(ms);
        const id = next++;
        pending.push({ run, ms, id });
        return id;
      },
      clearTimeout: (id: unknown) => {
        const index = pending.findIndex((timer) => timer.id === id);
        if (index >= 0) pending.splice(index, 1);
      },
    },
    runNext() {
      const timer = pending.shift();
      if (!timer) throw new Error('no timer pending');
      timer.run();
    },
  };
}

export const statusChange = (eventId: string, id: string, status: string) => ({
  eventId,
  eventTime: '2026-11-22T10:30:00+01:00',
  eventType: 'TroubleTicketStatusChangeEvent',
  event: { troubleTicket: { id, status } },
});

/** Lets pending promises (ticket purchase, dynamic import) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
