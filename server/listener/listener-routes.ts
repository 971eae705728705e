/** The listener paths, one per row of src/domain/event-kinds.ts (interface.md 4.3): bearer token, body checked against its envelope, 204, relayed once. */
import type { Hono } from 'hono';
import type { InvalidField } from '../../src/domain/error';
import type { Authorizer } from '../auth';
import { invalidFieldsOf } from './invalid-fields';
import { codePointLength } from '../../src/domain/common';
import { eventEnvelope, listeners, resourceNamesOf, type Listener } from '../../src/domain/event';
import { describeError } from '../../src/domain/messages';
import { errorResponse, methodNotAllowed } from '../errors';
import { BusUnavailableError, type EventBus } from './event-bus';
import type { Logger } from './log';
import { nestingDepth, readBodyLimited } from './read-body';

/** Deeper bodies are refused before parsing: JSON.stringify's recursion would otherwise decide, by stack size. */
export const MAX_NESTING_DEPTH = 64;
/**
 * The most characters (code points) of an identifier the receiver keeps: eventId (remembered to drop duplicates),
 * correlationId and the resource's id. The interface states no maximum; without one, 250,000-character eventIds
 * filled the duplicate memory (decision 0031).
 */
export const MAX_IDENTIFIER_LENGTH = 256;

/** The envelope's identifiers over MAX_IDENTIFIER_LENGTH, as invalid fields. */
function overlongIdentifiers(envelope: Record<string, unknown>, listener: Listener): InvalidField[] {
  const event = envelope.event as Record<string, Record<string, unknown> | undefined> | undefined;
  const identifiers: [string, unknown][] = [
    ['eventId', envelope.eventId],
    ['correlationId', envelope.correlationId],
    // Each key the event's resource may come under (the information request has two).
    ...resourceNamesOf(listener).map((name): [string, unknown] => [`event.${name}.id`, event?.[name]?.id]),
  ];
  return identifiers
    .filter(([, value]) => typeof value === 'string' && codePointLength(value) > MAX_IDENTIFIER_LENGTH)
    .map(([path]) => ({ path, message: `${path}: at most ${MAX_IDENTIFIER_LENGTH} characters` }));
}

export type ListenerRouteOptions = {
  bus: EventBus;
  authorizer: Authorizer;
  log: Logger;
  now: () => number;
  maxBodyBytes: number;
  /** Counts every event answered 204 (duplicates too): the stats hook reports it. */
  onAccepted(duplicate: boolean): void;
};

type Parsed = { envelope: Record<string, unknown> | null; eventId: string | undefined } | { error: Response };

/** JSON as RFC 8259 has it: application/json or an application/…+json type (RFC 6839), in UTF-8 when a charset is named. */
function isJsonType(header: string): boolean {
  const [mediaType = '', ...parameters] = header.split(';').map((p) => p.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  const json = mediaType === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType);
  return json && (charset === undefined || charset === 'utf-8');
}

/** A declared type that is not JSON: 415 before any byte of the body is read, whether one comes or not. */
function unsupportedType(request: Request, listener: Listener): Response | undefined {
  const header = request.headers.get('Content-Type')?.trim();
  // Not declared: whether that is wrong depends on the body (none is allowed where the body is optional), see parse.
  if (!header || isJsonType(header)) return undefined;
  const shown = header.length > 100 ? `${header.slice(0, 100)}…` : header;
  return errorResponse(415, 'invalidContentType', `This receiver reads only JSON: send the event with Content-Type: ${listener.contentType}, not "${shown}"`);
}

async function parse(request: Request, listener: Listener, schema: ReturnType<typeof eventEnvelope>, maxBodyBytes: number): Promise<Parsed> {
  const read = await readBodyLimited(request, maxBodyBytes);
  if ('tooLarge' in read) return { error: errorResponse(400, 'bodyTooLarge', `The body is larger than ${maxBodyBytes} bytes, the most this receiver accepts`) };
  if ('notUtf8' in read) return { error: errorResponse(400, 'malformedJson', 'The body is not UTF-8 text') };
  if (read.text.trim() === '') {
    if (listener.bodyOptional) return { envelope: null, eventId: undefined };
    return { error: errorResponse(400, 'invalidBody', `A body is required: one ${listener.eventType} envelope`) };
  }
  if (!request.headers.get('Content-Type')?.trim()) {
    return { error: errorResponse(400, 'invalidContentType', `The body must be JSON, declared as Content-Type: ${listener.contentType}; this request declares no type`) };
  }
  if (nestingDepth(read.text) > MAX_NESTING_DEPTH) {
    return { error: errorResponse(400, 'invalidBody', `The body nests objects and arrays deeper than ${MAX_NESTING_DEPTH} levels`) };
  }
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return { error: errorResponse(400, 'malformedJson', 'The body is not valid JSON') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: errorResponse(400, 'invalidBody', `The body must be a JSON object: one ${listener.eventType} envelope`) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const invalidFields = invalidFieldsOf(describeError(parsed.error));
    const paths = [...new Set(invalidFields.map((f) => f.path || '(root)'))];
    return {
      error: errorResponse(400, 'invalidBody', `The body is not a valid ${listener.eventType}: ${paths.length === 1 ? '1 invalid field' : `${paths.length} invalid fields`}: ${paths.join(', ')}`, { invalidFields }),
    };
  }
  const overlong = overlongIdentifiers(body as Record<string, unknown>, listener);
  if (overlong.length) {
    const paths = overlong.map((f) => f.path).join(', ');
    return { error: errorResponse(400, 'invalidBody', `The body is not a valid ${listener.eventType}: identifiers of at most ${MAX_IDENTIFIER_LENGTH} characters: ${paths}`, { invalidFields: overlong }) };
  }
  return { envelope: body as Record<string, unknown>, eventId: parsed.data.eventId };
}

export function addListenerRoutes(app: Hono, options: ListenerRouteOptions): void {
  const { bus, authorizer, log, now, maxBodyBytes, onAccepted } = options;
  for (const listener of listeners) {
    const schema = eventEnvelope(listener);
    app.post(listener.path, async (c) => {
      const refused = await authorizer.authorize(c.req.raw);
      if (refused) return refused;
      const unsupported = unsupportedType(c.req.raw, listener);
      if (unsupported) return unsupported;
      const parsed = await parse(c.req.raw, listener, schema, maxBodyBytes);
      if ('error' in parsed) return parsed.error;
      const receivedAt = new Date(now()).toISOString();
      let data: string;
      try {
        data = JSON.stringify({ eventType: listener.eventType, receivedAt, envelope: parsed.envelope });
      } catch {
        return errorResponse(400, 'invalidBody', 'The body is nested too deeply to relay');
      }
      let result;
      try {
        result = await bus.publish({ eventType: listener.eventType, eventId: parsed.eventId, receivedAt, data });
      } catch (error) {
        if (!(error instanceof BusUnavailableError)) throw error;
        // Not accepted: the provider sends it again later, and the duplicate check makes a repeat harmless.
        return errorResponse(503, 'notReady', 'The event store is not reachable just now: send the event again in a few seconds', { headers: { 'Retry-After': '5' } });
      }
      onAccepted(result.duplicate);
      log({ kind: 'event', eventType: listener.eventType, eventId: parsed.eventId ?? null, id: result.id ?? null, outcome: result.duplicate ? 'duplicate' : 'accepted' });
      return c.body(null, 204);
    });
    app.all(listener.path, (c) => methodNotAllowed(c.req.method, ['POST']));
  }
}
