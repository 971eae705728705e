/** The 31 listener paths of interface.md 4.3: bearer token, body checked against its envelope, 204, relayed once. */
import type { Hono } from 'hono';
import type { Authorizer } from '../mocks/auth';
import { invalidFieldsOf } from '../mocks/errors';
import { eventEnvelope, listeners, type Listener } from '../src/domain/event';
import { describeError } from '../src/domain/messages';
import { listenerError, methodNotAllowed } from './errors';
import type { EventBus } from './event-bus';
import type { Logger } from './log';
import { nestingDepth, readBodyLimited } from './read-body';

/** Deeper bodies are refused before parsing: JSON.stringify's recursion would otherwise decide, by stack size. */
export const MAX_NESTING_DEPTH = 64;

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

/** application/json, with or without charset=utf-8, as the mocked service reads it (any other type is a 400: 415 is not declared). */
function contentTypeError(request: Request, listener: Listener): Response | undefined {
  const [mediaType = '', ...parameters] = (request.headers.get('Content-Type') ?? '').split(';').map((p) => p.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (mediaType === 'application/json' && (charset === undefined || charset === 'utf-8')) return undefined;
  return listenerError(400, 'invalidContentType', `The body must be JSON (Content-Type: ${listener.contentType}), not "${request.headers.get('Content-Type') ?? 'none'}"`);
}

async function parse(request: Request, listener: Listener, schema: ReturnType<typeof eventEnvelope>, maxBodyBytes: number): Promise<Parsed> {
  const read = await readBodyLimited(request, maxBodyBytes);
  if ('tooLarge' in read) return { error: listenerError(400, 'bodyTooLarge', `The body is larger than ${maxBodyBytes} bytes, the most this receiver accepts`) };
  if ('notUtf8' in read) return { error: listenerError(400, 'malformedJson', 'The body is not UTF-8 text') };
  if (read.text.trim() === '') {
    if (listener.bodyOptional) return { envelope: null, eventId: undefined };
    return { error: listenerError(400, 'invalidBody', `A body is required: one ${listener.eventType} envelope`) };
  }
  const typeError = contentTypeError(request, listener);
  if (typeError) return { error: typeError };
  if (nestingDepth(read.text) > MAX_NESTING_DEPTH) {
    return { error: listenerError(400, 'invalidBody', `The body nests objects and arrays deeper than ${MAX_NESTING_DEPTH} levels`) };
  }
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return { error: listenerError(400, 'malformedJson', 'The body is not valid JSON') };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: listenerError(400, 'invalidBody', `The body must be a JSON object: one ${listener.eventType} envelope`) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const invalidFields = invalidFieldsOf(describeError(parsed.error));
    const paths = [...new Set(invalidFields.map((f) => f.path || '(root)'))];
    return {
      error: listenerError(400, 'invalidBody', `The body is not a valid ${listener.eventType}: ${paths.length === 1 ? '1 invalid field' : `${paths.length} invalid fields`}: ${paths.join(', ')}`, { invalidFields }),
    };
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
      const parsed = await parse(c.req.raw, listener, schema, maxBodyBytes);
      if ('error' in parsed) return parsed.error;
      const receivedAt = new Date(now()).toISOString();
      let data: string;
      try {
        data = JSON.stringify({ eventType: listener.eventType, receivedAt, envelope: parsed.envelope });
      } catch {
        return listenerError(400, 'invalidBody', 'The body is nested too deeply to relay');
      }
      const result = bus.publish({ eventType: listener.eventType, eventId: parsed.eventId, receivedAt, data });
      onAccepted(result.duplicate);
      log({ kind: 'event', eventType: listener.eventType, eventId: parsed.eventId ?? null, seq: result.seq ?? null, outcome: result.duplicate ? 'duplicate' : 'accepted' });
      return c.body(null, 204);
    });
    app.all(listener.path, (c) => methodNotAllowed(c.req.method, ['POST']));
  }
}
