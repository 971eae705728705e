// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorMessage } from '../src/domain/error';
import { FaultTicket, type FaultTicketFvoInput } from '../src/domain/ticket';
import { disputeTicketBody, faultTicketBody } from './fixtures';
import { createMockServer } from './node';
import { createTestClient } from '../src/testing/service-client';

const BASE = 'http://localhost/tmf-api/troubleTicket/v5';
const START = Date.parse('2026-11-22T10:00:00+01:00');
let clock = START;
const { server, store } = createMockServer({ now: () => new Date(clock) });
const call = createTestClient(BASE);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  store.reset();
  clock = START;
});
afterAll(() => server.close());

type Body = FaultTicketFvoInput & Record<string, unknown>;
const withChange = (change: (body: Body) => void): Body => {
  const body = faultTicketBody() as Body;
  change(body);
  return body;
};
const party = (body: Body) => (body.relatedParty ?? [])[0].partyOrPartyRole as Record<string, unknown>;

describe('POST /troubleTicket', () => {
  it('answers 201 with the acknowledged ticket, a Location header and application/json', async () => {
    const res = await call<FaultTicket>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(res.body.status).toBe('acknowledged');
    expect(res.body.creationDate).toBe('2026-11-22T10:00:00+01:00');
    expect(FaultTicket.safeParse(res.body).success).toBe(true);
    expect(res.headers.get('Location')).toBe(res.body.href);
    const again = await call<FaultTicket>(res.body.href.replace('/tmf-api/troubleTicket/v5', ''));
    expect(again.body).toEqual(res.body);
  });

  it('applies `fields` to the created ticket', async () => {
    const res = await call('/troubleTicket?fields=status,ticketType', { method: 'POST', json: faultTicketBody() });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['@type', 'href', 'id', 'status', 'ticketType']);
  });

  it('takes a dispute that points at a resolved ticket, and the FaultTicket_FVO @type', async () => {
    const res = await call('/troubleTicket', { method: 'POST', json: { ...disputeTicketBody('TT-000001'), '@type': 'FaultTicket_FVO' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ '@type': 'FaultTicket', ticketType: 'dispute', troubleTicketRelationship: [{ id: 'TT-000001', relationshipType: 'disputes' }] });
  });

  // One constraint per row: the change, then the path and the words the service must name (or 201 at the edge).
  it.each<[string, (body: Body) => void, string | null, string | null]>([
    ['familyName of 31 characters', (b) => (party(b).familyName = 'x'.repeat(31)), 'relatedParty[0].partyOrPartyRole.familyName', 'Family name: at most 30 characters'],
    ['familyName of 30 characters', (b) => (party(b).familyName = 'ü'.repeat(30)), null, null],
    ['accessLineId of 6 characters', (b) => (b.accessLineId = 'DEU.12'), 'accessLineId', 'Access line ID: at least 7 characters'],
    ['accessLineId of 7 characters', (b) => (b.accessLineId = 'DEU.123'), null, null],
    ['accessLineId of 21 characters', (b) => (b.accessLineId = 'DEU.DTAG.ABC123456789'), null, null],
    ['accessLineId of 22 characters', (b) => (b.accessLineId = 'DEU.DTAG.ABC1234567890'), 'accessLineId', 'Access line ID: at most 21 characters'],
    ['description of 1025 characters', (b) => (b.description = 'a'.repeat(1025)), 'description', 'Description: at most 1024 characters'],
    ['a house number with a letter', (b) => ((party(b).contactMedium as Record<string, unknown>[])[1].streetNr = '12a'), 'relatedParty[0].partyOrPartyRole.contactMedium[1].streetNr', 'House number: 1 to 4 digits'],
    ['a fault with one contact', (b) => (b.relatedParty = b.relatedParty?.slice(0, 1)), 'relatedParty', 'Contacts: at least 2 needed'],
    ['a fault without related entity', (b) => (b.relatedEntity = []), 'relatedEntity', 'Related entities: at least 1 needed'],
    ['a fault with a dispute reason', (b) => (b.resolutionDisputeReason = 'nein'), 'resolutionDisputeReason', 'Dispute reason: only a dispute can give a dispute reason'],
    ['no agreement', (b) => Reflect.deleteProperty(b, 'agreement'), 'agreement', 'Agreements: enter a value'],
    ['an unknown expressFaultResolution', (b) => (b.expressFaultResolution = 'fast' as 'none'), 'expressFaultResolution', 'Express fault resolution: choose one of standard, oneTime, none'],
    ['a date-time without offset', (b) => (b.requestedResolutionDate = '2026-12-01T10:00:00'), 'requestedResolutionDate', 'Requested resolution date: enter a date and time with its time zone, like 2026-12-01T10:00:00+01:00'],
    ['a date-time with an offset', (b) => (b.requestedResolutionDate = '2026-12-01T11:00:00+01:00'), null, null],
    ['a categoryId of 9 characters', (b) => (b.categoryId = 'ABCDEFGHI'), 'categoryId', 'Category ID: at most 8 characters'],
  ])('%s', async (_name, change, path, message) => {
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', json: withChange(change) });
    if (path === null) {
      expect(res.status).toBe(201);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'invalidBody', reason: 'Bad Request', status: '400' });
    expect(res.body.invalidFields).toContainEqual({ path, message });
    expect(res.body.message).toContain(path);
  });

  it('names every offending path at once, in invalidFields and in message', async () => {
    const body = withChange((b) => {
      party(b).familyName = 'x'.repeat(31);
      b.accessLineId = 'short';
      Reflect.deleteProperty(b, 'agreement');
    });
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    const paths = res.body.invalidFields?.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['relatedParty[0].partyOrPartyRole.familyName', 'accessLineId', 'agreement']));
    expect(res.body.message).toMatch(/3 invalid fields: .*relatedParty\[0\]\.partyOrPartyRole\.familyName/);
  });

  it.each([
    ['malformed JSON', { body: '{"ticketType": "fault",', headers: { 'Content-Type': 'application/json' } }, 'malformedJson'],
    ['a body that is not JSON', { body: 'ticketType=fault', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, 'invalidContentType'],
    ['no content type', { body: '{}' }, 'invalidContentType'],
    ['a JSON array', { body: '[]', headers: { 'Content-Type': 'application/json' } }, 'invalidBody'],
  ])('answers 400 to %s', async (_name, init, code) => {
    const res = await call<ErrorMessage>('/troubleTicket', { method: 'POST', ...init });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ '@type': 'Error', code, status: '400' });
  });

  it('answers 409 while an open ticket carries the same externalIdentifier id, and 201 once it is closed', async () => {
    expect((await call('/troubleTicket', { method: 'POST', json: faultTicketBody('VF-2026-1') })).status).toBe(201);
    const second = await call<ErrorMessage>('/troubleTicket', { method: 'POST', json: faultTicketBody('VF-2026-1') });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'duplicateExternalIdentifier', reason: 'Conflict', status: '409' });
    expect(second.body.message).toContain('VF-2026-1');
    store.advance(30);
    expect((await call('/troubleTicket', { method: 'POST', json: faultTicketBody('VF-2026-1') })).status).toBe(201);
  });

  it.each([
    ['acknowledged', 409],
    ['inProgress', 409],
    ['pending', 409],
    ['held', 409],
    ['resolved', 409],
    ['closed', 201],
    ['rejected', 201],
    ['cancelled', 201],
    ['failed', 201],
  ])('reusing the external id of a seeded %s ticket answers %i', async (status, expected) => {
    const page = await call<FaultTicket[]>(`/troubleTicket?status=${status}&limit=1&fields=externalIdentifier`);
    const externalId = page.body[0]?.externalIdentifier[0]?.id;
    expect(externalId).toBeTruthy();
    expect((await call('/troubleTicket', { method: 'POST', json: faultTicketBody(externalId) })).status).toBe(expected);
  });
});

describe('GET /troubleTicket/{id}', () => {
  it('returns a seeded ticket, and only the asked fields plus id, href, @type', async () => {
    const full = await call<FaultTicket>('/troubleTicket/TT-000042');
    expect(full.status).toBe(200);
    expect(full.body.id).toBe('TT-000042');
    const some = await call('/troubleTicket/TT-000042?fields=status,creationDate');
    expect(some.body).toEqual({ '@type': 'FaultTicket', id: 'TT-000042', href: full.body.href, status: full.body.status, creationDate: full.body.creationDate });
  });

  it('answers 404 with an ErrorMessage for an unknown id', async () => {
    const res = await call<ErrorMessage>('/troubleTicket/TT-999999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'notFound', reason: 'Not Found', status: '404' });
  });

  it('shows how a ticket moves on when the store advances', async () => {
    const created = await call<FaultTicket>('/troubleTicket', { method: 'POST', json: faultTicketBody() });
    clock += 60_000;
    store.advance();
    const res = await call<FaultTicket>(`/troubleTicket/${created.body.id}`);
    expect(res.body.status).toBe('inProgress');
    expect(res.body.statusChange?.map((h) => h.status)).toEqual(['acknowledged', 'inProgress']);
    expect(res.body.lastUpdateDate).toBe('2026-11-22T10:01:00+01:00');
  });
});

describe('credentials and methods', () => {
  it.each([
    ['no Authorization header', {}],
    ['an empty bearer token', { Authorization: 'Bearer ' }],
    ['basic credentials', { Authorization: 'Basic dXNlcjpwdw==' }],
  ])('answers 401 with an ErrorMessage to %s', async (_name, headers) => {
    for (const path of ['/troubleTicket', '/troubleTicket/TT-000001']) {
      const res = await call<ErrorMessage>(path, { anonymous: true, headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ '@type': 'Error', code: 'unauthorized', reason: 'Unauthorized', status: '401' });
    }
    const post = await call('/troubleTicket', { method: 'POST', json: faultTicketBody(), anonymous: true, headers });
    expect(post.status).toBe(401);
    expect(store.tickets().length).toBe(240);
  });

  it.each([
    ['DELETE', '/troubleTicket/TT-000001', 'GET'],
    ['PATCH', '/troubleTicket/TT-000001', 'GET'],
    ['PUT', '/troubleTicket', 'GET, POST'],
    ['DELETE', '/troubleTicket', 'GET, POST'],
  ])('answers 405 to %s %s', async (method, path, allow) => {
    const res = await call<ErrorMessage>(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe(allow);
    expect(res.body).toMatchObject({ '@type': 'Error', code: 'methodNotAllowed', status: '405' });
  });
});
