// @vitest-environment node
/** The mocked service's two dialects (v5 by default, v4 by MOCK_DIALECT) and its ways of counting. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readTroubleTicket } from '../src/domain/ticket-reader';
import { dialectFrom } from './dialect';
import { createMockServer } from './node';
import { serviceFromEnvironment } from './server/http';
import { createTestClient } from '../src/testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const { server, store, settings } = createMockServer({ now: () => new Date('2026-11-22T10:00:00+01:00') });
const call = createTestClient(BASE);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => Object.assign(settings, { dialect: 'v5', totalCount: 'exact' }));
afterAll(() => server.close());

/** A seeded ticket with a history of more than one step, an Organization among its parties, and a product. */
const sample = store.tickets().find((t) => (t.statusChange?.length ?? 0) > 2 && t.ticketType === 'fault' && t.description)!;
type Answer = Record<string, unknown>;

describe('v5 (the default)', () => {
  it('answers with the v5 names and the base TroubleTicket fields', async () => {
    const { body } = await call<Answer>(`/troubleTicket/${sample.id}`);
    expect(body).toMatchObject({ lastUpdateDate: sample.lastUpdateDate, statusChange: sample.statusChange, externalIdentifier: sample.externalIdentifier });
    expect(body).not.toHaveProperty('lastUpdate');
    expect(body).not.toHaveProperty('statusChangeHistory');
    expect(body.name).toMatch(/^[A-ZÄÖÜ].+ – .+$/);
    expect(['Critical', 'Major', 'Minor']).toContain(body.severity);
    expect(['High', 'Medium', 'Low']).toContain(body.priority);
    expect(body.channel).toMatchObject({ id: expect.stringMatching(/^CH-/), name: expect.any(String) });
  });

  it('a created ticket carries them too', async () => {
    const { faultTicketBody } = await import('./fixtures');
    const { body } = await call<Answer>('/troubleTicket', { method: 'POST', json: faultTicketBody('DIALECT-1') });
    expect(body).toMatchObject({ lastUpdateDate: body.creationDate, statusChange: [{ status: 'acknowledged', changeDate: body.creationDate }] });
    expect(body).toMatchObject({ name: 'Totalausfall seit 06:30 Uhr, kein Sync …', severity: 'Major', priority: 'Medium', channel: { id: 'CH-B2B-API' } });
    store.reset();
  });
});

describe('v4 (MOCK_DIALECT=v4)', () => {
  it('answers in the older spellings', async () => {
    settings.dialect = 'v4';
    const { body } = await call<Answer>(`/troubleTicket/${sample.id}`);
    expect(body).toMatchObject({
      '@type': 'TroubleTicket',
      lastUpdate: sample.lastUpdateDate,
      externalId: sample.externalIdentifier[0]?.id,
      status: sample.status.charAt(0).toUpperCase() + sample.status.slice(1),
    });
    expect(body).not.toHaveProperty('lastUpdateDate');
    expect(body).not.toHaveProperty('statusChange');
    expect(body).not.toHaveProperty('externalIdentifier');
    expect((body.statusChangeHistory as Answer[])[0]).toEqual({
      status: 'Acknowledged',
      statusChangeDate: sample.statusChange?.[0]?.changeDate,
      statusChangeReason: sample.statusChange?.[0]?.changeReason,
    });
    // Organizations flat, as TMF621 v4's RelatedParty; people keep their contact media.
    const parties = body.relatedParty as Answer[];
    expect(parties.find((p) => p['@referredType'] === 'Organization')).toMatchObject({ role: 'orderManagementBuyerContact', name: expect.any(String) });
    expect(parties.find((p) => p.role === 'locationAContact')).toHaveProperty('partyOrPartyRole.contactMedium');
    expect((body.relatedEntity as Answer[])[0]).toMatchObject({ role: 'affectedProduct', '@referredType': 'Product', id: expect.any(String) });
  });

  it('the app reads both dialects into the same model', async () => {
    const v5 = readTroubleTicket((await call(`/troubleTicket/${sample.id}`)).body);
    settings.dialect = 'v4';
    const v4 = readTroubleTicket((await call(`/troubleTicket/${sample.id}`)).body);
    expect(v4?.other).toBeUndefined();
    for (const field of ['status', 'lastUpdateDate', 'statusChange', 'externalIdentifier', 'name', 'severity', 'priority', 'channel', 'creationDate'] as const) {
      expect(v4?.[field], field).toEqual(field === 'externalIdentifier' ? [{ id: v5?.externalIdentifier?.[0]?.id }] : v5?.[field]);
    }
  });

  it('selects fields by their v4 names (a v5 client asks for both)', async () => {
    settings.dialect = 'v4';
    const { body } = await call<Answer[]>('/troubleTicket?limit=2&fields=lastUpdate,lastUpdateDate,externalId,externalIdentifier');
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['@type', 'externalId', 'href', 'id', 'lastUpdate']);
  });

  it('filters and sorts as before (the store keeps v5)', async () => {
    settings.dialect = 'v4';
    const res = await call<Answer[]>('/troubleTicket?status=inProgress&sort=-lastUpdate&limit=100&fields=status');
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((t) => t.status === 'InProgress')).toBe(true);
  });
});

describe('counting (MOCK_TOTAL_COUNT)', () => {
  it.each([
    ['exact', String(store.tickets().length)],
    ['omit', null],
    ['zero', '0'],
  ] as const)('%s: X-Total-Count %s, X-Result-Count the page', async (mode, total) => {
    settings.totalCount = mode;
    const res = await call('/troubleTicket?limit=3');
    expect([res.headers.get('X-Total-Count'), res.headers.get('X-Result-Count')]).toEqual([total, '3']);
  });
});

describe('settings from the environment', () => {
  it.each([
    [{}, { settings: { dialect: 'v5', totalCount: 'exact' }, testHooks: false }],
    [{ MOCK_DIALECT: 'v4', MOCK_TOTAL_COUNT: 'omit', MOCK_TEST_HOOKS: '1' }, { settings: { dialect: 'v4', totalCount: 'omit' }, testHooks: true }],
    [{ MOCK_DIALECT: 'V4 ' }, { settings: { dialect: 'v4', totalCount: 'exact' }, testHooks: false }],
    [{ MOCK_BASE_PATH: '/' }, { settings: { dialect: 'v5', totalCount: 'exact' }, baseUrl: '', testHooks: false }],
    [{ MOCK_BASE_PATH: '/api/v5/' }, { settings: { dialect: 'v5', totalCount: 'exact' }, baseUrl: '/api/v5', testHooks: false }],
    [{ MOCK_MAX_BODY_BYTES: '2048' }, { settings: { dialect: 'v5', totalCount: 'exact' }, maxBodyBytes: 2048, testHooks: false }],
  ])('%j', (env, expected) => {
    expect(serviceFromEnvironment(env)).toEqual(expected);
  });

  it.each([
    [{ MOCK_DIALECT: 'v3' }, /MOCK_DIALECT must be one of v5, v4/],
    [{ MOCK_TOTAL_COUNT: 'sometimes' }, /MOCK_TOTAL_COUNT must be one of exact, omit, zero/],
    [{ MOCK_BASE_PATH: 'api' }, /MOCK_BASE_PATH must be a path/],
    [{ MOCK_MAX_BODY_BYTES: '1.5' }, /MOCK_MAX_BODY_BYTES must be a whole number/],
  ])('%j stops with a sentence', (env, message) => {
    expect(() => serviceFromEnvironment(env)).toThrow(message);
  });

  it('dialectFrom reads an empty value as v5', () => {
    expect(dialectFrom(undefined)).toBe('v5');
    expect(dialectFrom('')).toBe('v5');
  });
});
