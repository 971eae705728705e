/** Every listener path of interface.md 4.3: 204 for a valid envelope, 400 ErrorMessage for a bad one, 401, 404, 405, 415. */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { listeners, type Listener } from '../../src/domain/event';
import { eventKindList } from '../../src/domain/event-kinds';
import { createListenerApp } from './app';
import { silentLogger, type LogLine } from './log';
import { envelopeFor } from '../testing/listener-helpers';

const { app } = createListenerApp({ log: silentLogger });

function post(listener: Listener | string, body: unknown, headers: Record<string, string> = {}) {
  const path = typeof listener === 'string' ? listener : listener.path;
  const contentType = typeof listener === 'string' ? 'application/json' : listener.contentType;
  return app.request(path, {
    method: 'POST',
    headers: { Authorization: 'Bearer service', 'Content-Type': contentType, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toBe('application/json');
  const body = ErrorMessage.parse(await res.json());
  expect(body).toMatchObject({ code, status: String(status) });
  expect(body.message).toBeTruthy();
  return body;
}

describe('the listener paths', () => {
  it('serves exactly one route per row of the event table (src/domain/event-kinds.ts)', async () => {
    expect(listeners.map((l) => l.eventType)).toEqual(eventKindList.map((kind) => kind.name));
    expect(new Set(listeners.map((l) => l.path)).size).toBe(eventKindList.length);
    // A path next to them is not one: 404.
    expect((await post('/listener/troubleTicketDeleteEvent', {})).status).toBe(404);
  });

  describe.each(listeners.map((l) => [l.eventType, l] as const))('%s', (_name, listener) => {
    it('answers 204 with no body to a valid envelope, in its own content type', async () => {
      const res = await post(listener, envelopeFor(listener));
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    });

    it.each([
      ['another eventType', { eventType: 'SomethingElseEvent' }, 'eventType'],
      ['no eventId', { eventId: undefined }, 'eventId'],
      ['an empty eventId', { eventId: '' }, 'eventId'],
      ['an eventTime without a zone', { eventTime: '2026-11-22T10:00:00' }, 'eventTime'],
      ['no resource under event', { event: {} }, `event.${listener.resourceName}`],
      ['another resource under event', { event: { somethingElse: { id: '1' } } }, `event.${listener.resourceName}`],
    ])('answers 400 ErrorMessage naming the field for %s', async (_case, overrides, path) => {
      const body = await expectError(await post(listener, envelopeFor(listener, overrides)), 400, 'invalidBody');
      expect(body.invalidFields?.map((f) => f.path)).toContain(path);
      expect(body.message).toContain(path);
    });

    it(listener.bodyOptional ? 'accepts an empty body (body optional)' : 'refuses an empty body (body required)', async () => {
      const res = await app.request(listener.path, { method: 'POST', headers: { Authorization: 'Bearer service' } });
      if (listener.bodyOptional) expect(res.status).toBe(204);
      else await expectError(res, 400, 'invalidBody');
    });

    it('answers 401 without a bearer token', async () => {
      const res = await app.request(listener.path, { method: 'POST', headers: { 'Content-Type': listener.contentType }, body: JSON.stringify(envelopeFor(listener)) });
      await expectError(res, 401, 'unauthorized');
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    });

    it('answers 405 with Allow: POST to GET', async () => {
      const res = await app.request(listener.path, { headers: { Authorization: 'Bearer service' } });
      await expectError(res, 405, 'methodNotAllowed');
      expect(res.headers.get('Allow')).toBe('POST');
    });
  });
});

describe('content types: a declared type that is not JSON is refused 415, with a body or without one', () => {
  const required = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
  const optional = listeners.find((l) => l.eventType === 'TroubleTicketJeopardyAlertEvent' && l.bodyOptional) as Listener;
  const json = [
    'application/json',
    'application/json;charset=utf-8',
    'application/json; charset="UTF-8"',
    'Application/JSON',
    'application/merge-patch+json',
    'application/merge-patch+json; charset=utf-8',
  ];
  const notJson = [
    'text/html',
    'text/plain',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'text/json',
    'application/jsonp',
    'application/json;charset=latin-1',
    'application/merge-patch+json; charset=iso-8859-1',
  ];

  it.each(json)('accepts an envelope declared as %s', async (type) => {
    expect((await post(required, envelopeFor(required), { 'Content-Type': type })).status).toBe(204);
  });

  it.each(json)('accepts no body declared as %s where the body is optional', async (type) => {
    const res = await app.request(optional.path, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': type } });
    expect(res.status).toBe(204);
  });

  describe.each([
    ['with a valid envelope', (listener: Listener): string | undefined => JSON.stringify(envelopeFor(listener))],
    ['without a body', (): string | undefined => undefined],
  ])('%s', (_what, bodyOf) => {
    it.each(notJson.flatMap((type) => [required, optional].map((listener) => [type, listener.path, listener] as const)))(
      'refuses %s at %s with 415, and logs why',
      async (type, _path, listener) => {
        const lines: LogLine[] = [];
        const receiver = createListenerApp({ log: (line) => lines.push(line) });
        const body = bodyOf(listener);
        const res = await receiver.app.request(listener.path, {
          method: 'POST',
          headers: { Authorization: 'Bearer service', 'Content-Type': type },
          ...(body === undefined ? {} : { body }),
        });
        const error = await expectError(res, 415, 'invalidContentType');
        expect(error.message).toContain(`Content-Type: ${listener.contentType}`);
        expect(receiver.stats().accepted).toBe(0);
        expect(lines).toEqual([{ kind: 'refused', method: 'POST', path: listener.path, status: 415, code: 'invalidContentType', reason: error.message }]);
      },
    );
  });

  it('keeps a missing type as it was: a body without one is a 400, no body where it is optional a 204', async () => {
    const unsigned = (listener: Listener, body?: Uint8Array<ArrayBuffer>) =>
      app.request(listener.path, { method: 'POST', headers: { Authorization: 'Bearer service' }, ...(body === undefined ? {} : { body }) });
    // Bytes, not a string: Request would declare text/plain for a string body.
    await expectError(await unsigned(required, new TextEncoder().encode(JSON.stringify(envelopeFor(required)))), 400, 'invalidContentType');
    expect((await unsigned(optional)).status).toBe(204);
    await expectError(await unsigned(required), 400, 'invalidBody');
  });

  it('asks for the token first: a refused type without one is a 401', async () => {
    const res = await app.request(required.path, { method: 'POST', headers: { 'Content-Type': 'text/html' } });
    await expectError(res, 401, 'unauthorized');
  });
});

describe('unknown paths', () => {
  it.each(['/listener/unknownEvent', '/listener/TroubleTicketStatusChangeEvent', '/', '/listener'])('answers 404 ErrorMessage at %s', async (path) => {
    await expectError(await post(path, {}), 404, 'notFound');
  });
});

describe('a base path', () => {
  const prefixed = createListenerApp({ log: silentLogger, basePath: '/receiver' }).app;
  const listener = listeners[0] as Listener;
  it('serves every path below it, and nothing at the root', async () => {
    const init = { method: 'POST', headers: { Authorization: 'Bearer s', 'Content-Type': 'application/json' }, body: JSON.stringify(envelopeFor(listener)) };
    expect((await prefixed.request(`/receiver${listener.path}`, init)).status).toBe(204);
    expect((await prefixed.request(listener.path, init)).status).toBe(404);
    expect((await prefixed.request('/receiver/health')).status).toBe(200);
  });
});

describe('identifiers are bounded (256 characters), so the duplicate memory is bounded by bytes too', () => {
  const listener = listeners.find((l) => l.eventType === 'TroubleTicketStatusChangeEvent') as Listener;
  const of = (length: number, prefix = '') => prefix + 'é'.repeat(length - prefix.length);
  it.each([
    ['eventId', (length: number) => ({ eventId: of(length, `id-${length}-${Math.random()}`.slice(0, 20)) })],
    ['correlationId', (length: number) => ({ correlationId: of(length) })],
    ['event.troubleTicket.id', (length: number) => ({ event: { troubleTicket: { id: of(length) } } })],
  ])('%s: 256 characters are accepted, 257 refused with 400 naming it', async (path, make) => {
    expect((await post(listener, envelopeFor(listener, make(256)))).status).toBe(204);
    const body = await expectError(await post(listener, envelopeFor(listener, make(257))), 400, 'invalidBody');
    expect(body.invalidFields).toEqual([{ path, message: `${path}: at most 256 characters` }]);
  });

  it('refuses a 250,000-character eventId (the probe’s) before remembering it', async () => {
    const { app: fresh, stats } = createListenerApp({ log: silentLogger });
    const res = await fresh.request(listener.path, {
      method: 'POST',
      headers: { Authorization: 'Bearer service', 'Content-Type': 'application/json' },
      body: JSON.stringify(envelopeFor(listener, { eventId: 'x'.repeat(250_000) })),
    });
    await expectError(res, 400, 'invalidBody');
    expect(stats().accepted).toBe(0);
  });
});

describe('duplicates are judged per listener path and eventId', () => {
  it('relays the same eventId once per listener', async () => {
    const { app: fresh, stats } = createListenerApp({ log: silentLogger });
    const [a, b] = listeners.filter((l) => !l.bodyOptional) as [Listener, Listener];
    const send = (l: Listener) =>
      fresh.request(l.path, { method: 'POST', headers: { Authorization: 'Bearer s', 'Content-Type': l.contentType }, body: JSON.stringify(envelopeFor(l, { eventId: 'shared' })) });
    for (const l of [a, a, b, b]) expect((await send(l)).status).toBe(204);
    expect(stats()).toMatchObject({ accepted: 4, duplicates: 2, buffered: 2 });
  });
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz (in-process: always ready), and /readyz 503 once draining', async () => {
    const listener = createListenerApp({ log: silentLogger });
    expect(await (await listener.app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await listener.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', broker: 'in-process' });
    listener.drain();
    await expectError(await listener.app.request('/readyz'), 503, 'notReady');
    expect((await listener.app.request('/healthz')).status).toBe(200);
  });
});
