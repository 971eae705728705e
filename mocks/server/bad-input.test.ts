// @vitest-environment node
/** The mocked service under a careless client (issue 14, point 7): each bad input gets a clear 4xx, never a 500. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../../src/domain/error';
import { faultTicketBody } from '../fixtures';
import { keptSortOrders } from '../list';
import { createTestClient } from '../../src/testing/service-client';
import { SETTINGS_PATH, startHttpServer, type RunningServer } from './http';

const LIMIT = 64 * 1024;
let running: RunningServer;
let call: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  running = await startHttpServer({ port: 0, maxBodyBytes: LIMIT });
  call = createTestClient(`${running.url}/tmf-api/troubleTicket/v5`);
});
afterAll(() => running.close());

/** POSTs `chunks` chunks of 16 KiB (chunked, no Content-Length), stopping as soon as the service answers. */
function postStream(url: string, chunks: number): Promise<{ status: number; body: string; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' } });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (part: Buffer) => (body += part.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentBytes: sent * chunk.length }));
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < chunks) {
        sent += 1;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('a body over the limit is refused with 413, not read whole', () => {
  it('a declared Content-Length over the limit: 413 at once', async () => {
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(LIMIT + 1) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'payloadTooLarge', status: '413' });
    expect(res.body.message).toContain(String(LIMIT));
  });

  it('a body of exactly the limit is read (and judged on its content)', async () => {
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: ' '.repeat(LIMIT) });
    expect([res.status, res.body.code]).toEqual([400, 'malformedJson']);
  });

  it('a streamed body without Content-Length: 413 while the client is still sending', async () => {
    const answer = await postStream(`${running.url}/tmf-api/troubleTicket/v5/troubleTicket`, 4096);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payloadTooLarge' });
    // 64 MiB were on offer; the answer came long before they were all sent.
    expect(answer.sentBytes).toBeLessThan(4096 * 16 * 1024);
  });

  it('the service goes on answering after refusing one', async () => {
    expect((await call('/troubleTicket?limit=1')).status).toBe(200);
  });
});

describe('the same external id twice in one body', () => {
  it.each([
    [[{ id: 'DUP-1' }, { id: 'DUP-1' }], 400, 'externalIdentifier[1].id'],
    [[{ id: 'DUP-2' }, { id: 'DUP-3' }, { id: 'DUP-2', owner: 'other' }], 400, 'externalIdentifier[2].id'],
    [[{ id: 'DUP-4' }, { id: 'DUP-5' }], 201, undefined],
  ])('%j -> %i', async (externalIdentifier, status, path) => {
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', json: { ...faultTicketBody(), externalIdentifier } });
    expect(res.status).toBe(status);
    if (path) expect(res.body.invalidFields?.map((f) => f.path)).toEqual([path]);
  });
});

describe('the 409 check looks up ids, whatever their number', () => {
  it('finds an open ticket by any one of many ids, and none for fresh ones', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ id: `MANY-${i}` }));
    expect((await call('/troubleTicket', { method: 'POST', json: { ...faultTicketBody(), externalIdentifier: many } })).status).toBe(201);
    const again = await call<ErrorMessage>('/troubleTicket', { method: 'POST', json: { ...faultTicketBody(), externalIdentifier: [{ id: 'NEW-1' }, { id: 'MANY-1499' }] } });
    expect([again.status, again.body.code]).toEqual([409, 'duplicateExternalIdentifier']);
    const fresh = Array.from({ length: 1500 }, (_, i) => ({ id: `FRESH-${i}` }));
    expect((await call('/troubleTicket', { method: 'POST', json: { ...faultTicketBody(), externalIdentifier: fresh } })).status).toBe(201);
  });
});

describe('invalid UTF-8 is a 400', () => {
  const body = (bytes: Buffer) => call<ErrorMessage>('/troubleTicket', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: bytes as unknown as string });
  it('a stray 0xFF byte', async () => {
    const bytes = Buffer.from(JSON.stringify(faultTicketBody('UTF-1')));
    bytes[bytes.indexOf('Totalausfall')] = 0xff;
    const res = await body(bytes);
    expect([res.status, res.body.code]).toEqual([400, 'malformedJson']);
    expect(res.body.message).toContain('UTF-8');
  });
  it('umlauts in proper UTF-8 are fine', async () => {
    expect((await body(Buffer.from(JSON.stringify({ ...faultTicketBody('UTF-2'), description: 'Störung Müller' })))).status).toBe(201);
  });
});

describe('sort fields', () => {
  it.each([
    ['noSuchField', 400],
    ['-__proto__', 400],
    ['creationDate,bogus', 400],
    ['-lastUpdateDate', 200],
    ['-lastUpdate', 200],
    ['severity,-priority', 200],
    ['channel.name', 200],
  ])('sort=%s -> %i', async (sort, status) => {
    const res = await call<ErrorMessage>(`/troubleTicket?limit=1&sort=${sort}`);
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.invalidFields?.map((f) => f.path)).toEqual(['sort']);
  });

  it('a cancellation cannot be sorted by a ticket field', async () => {
    expect((await call('/cancelProductOrder?sort=severity')).status).toBe(400);
    expect((await call('/cancelProductOrder?sort=-state')).status).toBe(200);
  });

  it('keeps a bounded number of sort orders, however many combinations are asked for', async () => {
    const fields = ['id', 'status', 'name', 'severity', 'priority', 'categoryId'];
    for (const a of fields) for (const b of fields) if (a !== b) await call(`/troubleTicket?limit=1&sort=${a},-${b}`);
    expect(keptSortOrders(running.store.tickets())).toBeLessThanOrEqual(16);
  });
});

describe('addresses and dates that cannot be', () => {
  it.each(['/troubleTicket/%ZZ', '/troubleTicket/%E0%A4%A', '/cancelProductOrder/%'])('%s -> 404 ErrorMessage', async (path) => {
    const res = await call<ErrorMessage>(path);
    expect([res.status, res.body.code]).toEqual([404, 'notFound']);
  });

  it.each([
    ['2026-02-28T00:00:00Z', 200],
    ['2026-02-29T00:00:00Z', 400],
    ['2024-02-29T00:00:00Z', 200],
    ['2026-02-30T00:00:00Z', 400],
    ['2026-04-30', 200],
    ['2026-04-31', 400],
    ['2026-13-01T00:00:00Z', 400],
  ])('creationDate.gte=%s -> %i', async (bound, status) => {
    expect((await call(`/troubleTicket?creationDate.gte=${encodeURIComponent(bound)}`)).status).toBe(status);
  });
});

describe('the test-only routes', () => {
  it('do not exist without the test switch', async () => {
    for (const path of ['/__mock/advance', '/__mock/seen-tokens', '/__mock/faults', SETTINGS_PATH]) {
      const res = await fetch(`${running.url}${path}`, { method: 'POST', headers: { Authorization: 'Bearer t' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('with the switch, ask for the same bearer token as everything else', async () => {
    const hooked = await startHttpServer({ port: 0, testHooks: true });
    try {
      expect((await fetch(`${hooked.url}/__mock/advance`, { method: 'POST' })).status).toBe(401);
      expect((await fetch(`${hooked.url}/__mock/advance`, { method: 'POST', headers: { Authorization: 'Bearer t' } })).status).toBe(200);
      expect((await fetch(`${hooked.url}/__mock/nothing`, { headers: { Authorization: 'Bearer t' } })).status).toBe(404);
    } finally {
      await hooked.close();
    }
  });
});
