// Fault injection as a client of the mocked service meets it: each kind's status, Retry-After, failed fetch, delay,
// and "created but lost" stored exactly once; the rate's ends, the 401 before any fault, and a seed that repeats.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFaultInjector, faultKinds, operationKey, faultsFromAddress, faultsFromEnvironment, type FaultConfig, type FaultKind } from './faults';
import { cancelOrderBody, faultTicketBody } from './fixtures';
import { createHandlers } from './handlers';
import { createStore } from './store';
import { createTestClient } from '../src/testing/service-client';

const base = 'http://localhost/tmf-api/troubleTicket/v5';
const store = createStore();
const faults = createFaultInjector({}, () => new Date('2026-11-22T10:00:00Z'));
// An outside handler (like the demo's relay) that the injector must never touch.
const relay = http.get('http://localhost/relay', () => HttpResponse.json({ relay: true }));
const server = setupServer(...createHandlers({ store, faults }), relay);
const call = createTestClient(base);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  faults.set({ rate: 0, kinds: faultKinds, seed: 1, slowMs: 1500, retryAfterSeconds: 1 });
  faults.clear();
  store.reset();
});
afterAll(() => server.close());

const on = (kind: FaultKind, extra: Partial<FaultConfig> = {}) => faults.set({ rate: 1, kinds: [kind], ...extra });
const withExternalId = (id: string) => store.tickets().filter((t) => t.externalIdentifier.some((e) => e.id === id));
const createTicket = (id: string) => call('/troubleTicket', { method: 'POST', json: faultTicketBody(id) });

describe('each kind, as a client sees it', () => {
  it.each([
    ['500', 500, null],
    ['503', 503, '1'],
    ['429', 429, '1'],
  ] as const)('%s: status %i, Retry-After %s, an ErrorMessage, nothing stored', async (kind, status, retryAfter) => {
    on(kind);
    const response = await createTicket('EXT-F1');
    expect(response.status).toBe(status);
    expect(response.headers.get('Retry-After')).toBe(retryAfter);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.body).toMatchObject({ '@type': 'Error', status: String(status) });
    expect(withExternalId('EXT-F1')).toHaveLength(0);
  });

  it('Retry-After says the configured seconds', async () => {
    on('429', { retryAfterSeconds: 7 });
    expect((await call('/troubleTicket')).headers.get('Retry-After')).toBe('7');
  });

  it('drop: fetch rejects and nothing is stored', async () => {
    on('drop');
    await expect(createTicket('EXT-F2')).rejects.toThrow(TypeError);
    expect(withExternalId('EXT-F2')).toHaveLength(0);
  });

  it('slow: waits slowMs, then the real answer', async () => {
    on('slow', { slowMs: 250 });
    const started = performance.now();
    const response = await createTicket('EXT-F3');
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(response.status).toBe(201);
    expect(withExternalId('EXT-F3')).toHaveLength(1);
  });

  it('lost: fetch rejects, yet the ticket is stored once; sending it again is a 409, not a second ticket', async () => {
    on('lost');
    await expect(createTicket('EXT-F4')).rejects.toThrow(TypeError);
    expect(withExternalId('EXT-F4')).toHaveLength(1);
    faults.set({ rate: 0 });
    expect((await createTicket('EXT-F4')).status).toBe(409);
    expect(withExternalId('EXT-F4')).toHaveLength(1);
  });

  it('lost on a cancellation: stored once', async () => {
    on('lost');
    const post = call('/cancelProductOrder', { method: 'POST', json: cancelOrderBody('PO-F5') });
    await expect(post).rejects.toThrow(TypeError);
    expect(store.cancelOrders().filter((o) => o.productOrder.id === 'PO-F5')).toHaveLength(1);
  });

  it('lost applies to creates only: a read is never "lost" (nothing to lose), so a lost-only config leaves reads alone', async () => {
    on('lost');
    expect((await call('/troubleTicket?limit=1')).status).toBe(200);
    expect(faults.log()).toEqual([]);
  });
});

describe('rate, scope and record', () => {
  it('rate 0 injects nothing in 100 operations', async () => {
    for (let i = 0; i < 100; i += 1) expect((await call('/troubleTicket?limit=1&fields=status')).status).toBe(200);
    expect(faults.log()).toEqual([]);
  });

  it('rate 1 injects on every operation (reads, retrieves, creates of both resources)', async () => {
    faults.set({ rate: 1, kinds: ['500'] });
    const statuses = [
      (await call('/troubleTicket')).status,
      (await call('/troubleTicket/TT-000001')).status,
      (await createTicket('EXT-R1')).status,
      (await call('/cancelProductOrder')).status,
      (await call('/cancelProductOrder/CPO-000001')).status,
    ];
    expect(statuses).toEqual([500, 500, 500, 500, 500]);
    expect(faults.log()).toHaveLength(5);
  });

  it('never touches what is not an operation of the service (the relay here)', async () => {
    faults.set({ rate: 1, kinds: ['500'] });
    expect((await fetch('http://localhost/relay')).status).toBe(200);
    expect(faults.log()).toEqual([]);
  });

  it('credentials first: at rate 1 a request without a token still gets 401, and no fault is recorded', async () => {
    faults.set({ rate: 1, kinds: ['503'] });
    expect((await call('/troubleTicket', { anonymous: true })).status).toBe(401);
    expect(faults.log()).toEqual([]);
  });

  it('records time, method, path and kind of every fault; clear() empties the record', async () => {
    on('503');
    await createTicket('EXT-L1');
    await call('/troubleTicket/TT-000002?fields=status');
    expect(faults.log()).toEqual([
      { at: '2026-11-22T10:00:00.000Z', method: 'POST', path: '/tmf-api/troubleTicket/v5/troubleTicket', kind: '503' },
      { at: '2026-11-22T10:00:00.000Z', method: 'GET', path: '/tmf-api/troubleTicket/v5/troubleTicket/TT-000002', kind: '503' },
    ]);
    faults.clear();
    expect(faults.log()).toEqual([]);
  });

  async function run(seed: number): Promise<string[]> {
    faults.set({ rate: 0.3, kinds: ['500', '503', '429', 'drop'], seed });
    faults.clear();
    const seen: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      try {
        seen.push(String((await call('/troubleTicket?limit=1&fields=status')).status));
      } catch {
        seen.push('dropped');
      }
    }
    return seen;
  }

  it('the same seed repeats the same faults on the same requests; another seed does not', async () => {
    const first = await run(42);
    expect(first.filter((s) => s !== '200').length).toBeGreaterThan(5);
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);
  });

  it('reads in between do not shift the faults on creates (one stream per operation)', async () => {
    const kindsOfCreates = async (readsBetween: number) => {
      const injector = createFaultInjector({ rate: 0.3, seed: 11, slowMs: 0 });
      const answer = () => Promise.resolve(new Response());
      for (let i = 0; i < 40; i += 1) {
        for (let r = 0; r < readsBetween; r += 1) await injector.run(new Request(`${base}/troubleTicket/TT-00000${r}`), answer);
        await injector.run(new Request(`${base}/troubleTicket`, { method: 'POST' }), answer);
      }
      return injector.log().filter((record) => record.method === 'POST').map((record) => record.kind);
    };
    const alone = await kindsOfCreates(0);
    expect(alone.length).toBeGreaterThan(5);
    expect(await kindsOfCreates(3)).toEqual(alone);
  });

  it.each([
    ['POST', '/tmf-api/troubleTicket/v5/troubleTicket', 'POST troubleTicket'],
    ['GET', '/tmf-api/troubleTicket/v5/troubleTicket/TT-000001', 'GET troubleTicket/{id}'],
    ['GET', '/tmf-api/troubleTicket/v5/cancelProductOrder', 'GET cancelProductOrder'],
  ])('%s %s is the operation "%s"', (method, path, key) => {
    expect(operationKey(method, path)).toBe(key);
  });

  it('rate 0.2 hits about a fifth of 1,000 decisions, every configured kind among them', async () => {
    const injector = createFaultInjector({ rate: 0.2, seed: 7, slowMs: 0 });
    for (let i = 0; i < 1000; i += 1) await injector.run(new Request(`${base}/troubleTicket`, { method: 'POST' }), () => Promise.resolve(new Response()));
    const log = injector.log();
    expect(log.length).toBeGreaterThan(160);
    expect(log.length).toBeLessThan(240);
    expect(new Set(log.map((r) => r.kind))).toEqual(new Set(faultKinds));
  });
});

describe('configuration', () => {
  it.each([
    [{ MOCK_FAULT_RATE: '0.2' }, { rate: 0.2, kinds: [...faultKinds], seed: 1 }],
    [{ MOCK_FAULT_RATE: '0' }, { rate: 0 }],
    [{ MOCK_FAULT_RATE: '1', MOCK_FAULT_KINDS: '429, lost', MOCK_FAULT_SEED: '9' }, { rate: 1, kinds: ['429', 'lost'], seed: 9 }],
  ])('env %o gives %o', (env, expected) => {
    expect(faultsFromEnvironment(env)).toMatchObject(expected);
  });

  it('no MOCK_FAULT_RATE: no faults', () => {
    expect(faultsFromEnvironment({ MOCK_FAULT_KINDS: '500' })).toBeUndefined();
  });

  it.each([
    [{ MOCK_FAULT_RATE: '-0.01' }, /from 0 to 1/],
    [{ MOCK_FAULT_RATE: '1.01' }, /from 0 to 1/],
    [{ MOCK_FAULT_RATE: 'often' }, /MOCK_FAULT_RATE must be a number/],
    [{ MOCK_FAULT_RATE: '0.2', MOCK_FAULT_KINDS: '500,teapot' }, /Unknown fault kinds: teapot/],
    [{ MOCK_FAULT_RATE: '0.2', MOCK_FAULT_SEED: '1.5' }, /seed must be a whole number/],
  ])('env %o stops with a sentence', (env, words) => {
    expect(() => faultsFromEnvironment(env)).toThrow(words);
  });

  it('set() refuses what it cannot run, and keeps the config it had', () => {
    expect(() => faults.set({ rate: 2 })).toThrow(/from 0 to 1, not 2/);
    expect(() => faults.set({ slowMs: -1 })).toThrow(/slowMs/);
    expect(faults.config().rate).toBe(0);
  });

  it.each([
    ['?faults=20', { rate: 0.2 }],
    ['?faults=0', { rate: 0 }],
    ['?faults=100&faultSeed=5', { rate: 1, seed: 5 }],
    ['?faults=101', {}],
    ['?faults=-1', {}],
    ['?faults=lots', {}],
    ['', {}],
  ])('the demo address %s gives %o', (search, expected) => {
    expect(faultsFromAddress(search)).toEqual(expected);
  });
});
