/**
 * The demo's event relay (relay contract, "Demo"): the mocked store's changes become TMF621 event envelopes, relayed
 * to the app as Server-Sent Events at `/relay/events` after a single-use ticket from `/relay/stream-tickets`.
 */
import { http, sse, type HttpHandler } from 'msw';
import { errorResponse } from '../server/errors';
import type { Notice, Store, StoreEvent } from './store';

/** Where the demo serves the relay on the app's own origin (src/lib/config.ts DEMO_EVENTS_URL). */
export const RELAY_PATH = '/relay';
export const STREAM_TICKET_SECONDS = 30;

export type Envelope = Record<string, unknown>;

/** One relayed event: `seq` is the SSE id; the rest is the `data` of the `notification` message. */
export type RelayedEvent = { seq: number; eventType: string; receivedAt: string; envelope: Envelope | null };

/** What a stream is sent: a relayed event, or `reset` when events after the client's lastEventId may be missing. */
export type StreamMessage =
  | { kind: 'notification'; event: RelayedEvent }
  | { kind: 'reset'; reason: 'gap' | 'restart' }
  /** The first message of every stream: the newest seq now (0 when none), so a client without a position has one. */
  | { kind: 'hello'; lastEventId: number };

type Send = (message: StreamMessage) => void;

export type RelayOptions = {
  store: Store;
  /** How many events are kept for resuming (default 200). */
  bufferSize?: number;
  now?: () => Date;
  /** Makes opaque, unguessable stream tickets and event ids (default crypto.randomUUID). */
  randomId?: () => string;
};

const randomUuid = () => globalThis.crypto.randomUUID();

/** The envelope for a store change or creation, as the real service would POST it to a listener (TMF621 v5: `@type`). */
export function envelopeOf(event: StoreEvent, eventId: string, baseUrl: string): { eventType: string; envelope: Envelope } {
  const { eventType, envelope } = envelopeWithoutType(event, eventId, baseUrl);
  return { eventType, envelope: { '@type': eventType, ...envelope } };
}

/** What the provider asks for when a ticket goes to `pending` (information required), picked by the ticket's id. */
const askedFor: readonly (readonly string[])[] = [
  ['/accessLineId'],
  ['/appointment'],
  ['/relatedParty/0/partyOrPartyRole/contactMedium', '/appointment'],
  ['/networkTerminationLocation'],
];

/** What the provider asks for when a ticket created through the API goes to `pending` by itself: picked by its id. */
export function askedForPaths(id: string): readonly string[] {
  const digits = id.replace(/\D/g, '');
  return askedFor[Number(digits.slice(-1) || '0') % askedFor.length] ?? [];
}

/** A TroubleTicketInformationRequiredEvent (decisions.md "Events") for a ticket that now waits for the buyer. */
export function informationRequiredEnvelope(id: string, at: string, eventId: string, baseUrl: string, paths: readonly string[] = askedForPaths(id)): Envelope {
  return {
    '@type': 'TroubleTicketInformationRequiredEvent',
    eventId,
    eventTime: at,
    eventType: 'TroubleTicketInformationRequiredEvent',
    domain: 'TroubleTicket',
    event: {
      troubleTicketInformationRequired: {
        id,
        href: `${baseUrl}/troubleTicket/${id}`,
        '@type': 'TroubleTicketInformationRequired',
        informationRequiredPath: paths.map((path) => ({ op: 'add', path })),
      },
    },
  };
}

/** The demo's envelope for a provider's notice (Store.act): the ticket in reference form, as the relay's others. */
function noticeEnvelope(notice: Notice, eventId: string, baseUrl: string): { eventType: string; envelope: Envelope } {
  const { id, at } = notice;
  const troubleTicket = { id, href: `${baseUrl}/troubleTicket/${id}` };
  const base = { eventId, eventTime: at, domain: 'TroubleTicket' };
  switch (notice.kind) {
    case 'informationRequired':
      return { eventType: 'TroubleTicketInformationRequiredEvent', envelope: informationRequiredEnvelope(id, at, eventId, baseUrl, [notice.path]) };
    case 'jeopardy':
      return { eventType: 'TroubleTicketJeopardyAlertEvent', envelope: { ...base, eventType: 'TroubleTicketJeopardyAlertEvent', title: 'Resolution in jeopardy', event: { troubleTicket } } };
    case 'milestone':
      return { eventType: 'TroubleTicketMilestoneEvent', envelope: { ...base, eventType: 'TroubleTicketMilestoneEvent', title: notice.milestone, event: { troubleTicket } } };
    case 'attributeChange':
      return { eventType: 'TroubleTicketAttributeValueChangeEvent', envelope: { ...base, eventType: 'TroubleTicketAttributeValueChangeEvent', event: { troubleTicket } } };
  }
}

function envelopeWithoutType(event: StoreEvent, eventId: string, baseUrl: string): { eventType: string; envelope: Envelope } {
  if (event.type === 'notice') return noticeEnvelope(event.notice, eventId, baseUrl);
  if (event.type === 'created') {
    const { resource, id, at } = event.created;
    const path = resource === 'troubleTicket' ? 'troubleTicket' : 'cancelProductOrder';
    const eventType = resource === 'troubleTicket' ? 'TroubleTicketCreateEvent' : 'CancelProductOrderStateChangeEvent';
    const status = resource === 'troubleTicket' ? { status: 'acknowledged' } : { state: 'acknowledged' };
    return {
      eventType,
      envelope: {
        eventId,
        eventTime: at,
        eventType,
        domain: 'TroubleTicket',
        event: { [resource]: { id, href: `${baseUrl}/${path}/${id}`, ...status } },
      },
    };
  }
  const { resource, id, to, at } = event.change;
  if (resource === 'troubleTicket') {
    return {
      eventType: 'TroubleTicketStatusChangeEvent',
      envelope: {
        eventId,
        eventTime: at,
        eventType: 'TroubleTicketStatusChangeEvent',
        domain: 'TroubleTicket',
        event: { troubleTicket: { id, href: `${baseUrl}/troubleTicket/${id}`, status: to, statusChangeDate: at } },
      },
    };
  }
  return {
    eventType: 'CancelProductOrderStateChangeEvent',
    envelope: {
      eventId,
      eventTime: at,
      eventType: 'CancelProductOrderStateChangeEvent',
      domain: 'TroubleTicket',
      event: { cancelProductOrder: { id, href: `${baseUrl}/cancelProductOrder/${id}`, state: to } },
    },
  };
}

export function createDemoRelay({ store, bufferSize = 200, now = () => new Date(), randomId = randomUuid }: RelayOptions) {
  let seq = 0;
  let buffer: RelayedEvent[] = [];
  const streams = new Set<{ send: Send; close: () => void }>();
  const tickets = new Map<string, number>();

  function publish(eventType: string, envelope: Envelope | null): RelayedEvent {
    seq += 1;
    const event: RelayedEvent = { seq, eventType, receivedAt: now().toISOString(), envelope };
    buffer.push(event);
    if (buffer.length > bufferSize) buffer = buffer.slice(-bufferSize);
    for (const stream of streams) stream.send({ kind: 'notification', event });
    return event;
  }

  // Tickets created through the API (the agent's own): when one goes to pending, the provider says what it needs.
  const created = new Set<string>();
  const unsubscribe = store.subscribe((change) => {
    const { eventType, envelope } = envelopeOf(change, randomId(), store.baseUrl);
    publish(eventType, envelope);
    if (change.type === 'created' && change.created.resource === 'troubleTicket') created.add(change.created.id);
    if (change.type === 'change' && change.change.to === 'pending' && created.has(change.change.id) && !change.change.onPurpose) {
      publish('TroubleTicketInformationRequiredEvent', informationRequiredEnvelope(change.change.id, change.change.at, randomId(), store.baseUrl));
    }
  });

  /** What a stream opened after `lastEventId` is sent first (contract "Resume"). */
  function replay(lastEventId: string | null): StreamMessage[] {
    if (lastEventId === null || !/^[0-9]+$/.test(lastEventId)) return [];
    const last = Number(lastEventId);
    const messages: StreamMessage[] = [];
    if (last > seq) messages.push({ kind: 'reset', reason: 'restart' });
    else if (last < (buffer[0]?.seq ?? seq + 1) - 1) messages.push({ kind: 'reset', reason: 'gap' });
    // After a restart (a reload of the demo) every buffered event is new to the client, as in the receiver.
    const after = last > seq ? 0 : last;
    for (const event of buffer) if (event.seq > after) messages.push({ kind: 'notification', event });
    return messages;
  }

  /** Everything a stream opened after `lastEventId` is sent first: hello, then what replay gives. */
  function opening(lastEventId: string | null): StreamMessage[] {
    return [{ kind: 'hello', lastEventId: seq }, ...replay(lastEventId)];
  }

  return {
    publish,
    replay,
    opening,
    /** Relays an arbitrary envelope (tests put hostile text or any kind of event in it). */
    emit(envelope: Envelope): RelayedEvent {
      return publish(typeof envelope.eventType === 'string' ? envelope.eventType : 'unknown', envelope);
    },
    issueTicket(): { ticket: string; expiresInSeconds: number } {
      const ticket = randomId();
      tickets.set(ticket, now().getTime() + STREAM_TICKET_SECONDS * 1000);
      return { ticket, expiresInSeconds: STREAM_TICKET_SECONDS };
    },
    /** Spends a ticket: true once for a ticket issued under 30 s ago, false for anything else. */
    takeTicket(ticket: string | null): boolean {
      const expires = ticket === null ? undefined : tickets.get(ticket);
      if (ticket !== null) tickets.delete(ticket);
      return expires !== undefined && now().getTime() < expires;
    },
    /** Adds an open stream; returns the function that removes it. */
    attach(send: Send, close: () => void): () => void {
      const stream = { send, close };
      streams.add(stream);
      return () => streams.delete(stream);
    },
    /** Ends every open stream (the app must reconnect and resume). */
    dropStreams(): number {
      const open = [...streams];
      streams.clear();
      for (const stream of open) stream.close();
      return open.length;
    },
    get subscribers() {
      return streams.size;
    },
    stop: unsubscribe,
  };
}

export type DemoRelay = ReturnType<typeof createDemoRelay>;

const unauthorized = (message: string) => errorResponse(401, 'unauthorized', message);

type EventMap = { notification: Omit<RelayedEvent, 'seq'>; reset: { reason: string }; hello: { lastEventId: string } };

/**
 * The relay's HTTP side. `sse()` needs a global EventSource when it is built: browsers have one (the demo); Node tests
 * define a stand-in first.
 */
export function createRelayHandlers(relay: DemoRelay, base = RELAY_PATH): HttpHandler[] {
  return [
    http.post(`*${base}/stream-tickets`, ({ request }) => {
      if (!/^Bearer \S+$/.test(request.headers.get('Authorization') ?? '')) {
        return unauthorized('A stream ticket needs the Authorization: Bearer <access token> header');
      }
      return Response.json(relay.issueTicket(), { status: 201 });
    }),
    // Refuses a bad ticket as JSON before the stream handler opens a stream (the contract's 401).
    http.get(`*${base}/events`, ({ request }) => {
      const ticket = new URL(request.url).searchParams.get('ticket');
      return relay.takeTicket(ticket) ? undefined : unauthorized('The stream ticket is unknown, used or expired');
    }),
    sse<EventMap>(`*${base}/events`, ({ request, client }) => {
      const url = new URL(request.url);
      const lastEventId = url.searchParams.get('lastEventId') ?? request.headers.get('Last-Event-ID');
      const send: Send = (message) => {
        if (message.kind === 'reset') client.send({ event: 'reset', data: { reason: message.reason } });
        else if (message.kind === 'hello') {
          const id = String(message.lastEventId);
          client.send({ id, event: 'hello', data: { lastEventId: id } });
        }
        else {
          const { seq, ...data } = message.event;
          client.send({ id: String(seq), event: 'notification', data });
        }
      };
      for (const message of relay.opening(lastEventId)) send(message);
      const detach = relay.attach(send, () => client.close());
      request.signal.addEventListener('abort', detach, { once: true });
    }),
  ];
}
