// @vitest-environment node
/**
 * Every answer of the mocked service, and every event it sends, validates against the official TMF621 v5.0.1 schemas
 * (mocks/oas/README.md): list, retrieve, create, projections (`fields=`), errors, with and without a trailing slash.
 * The profile's own departures from the official schema are listed once below, each with its reason.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../src/testing/service-client';
import { disputeTicketBody, faultTicketBody } from './fixtures';
import oas from './oas/tmf621-v5.0.1-schemas.json';
import { startHttpServer, type RunningServer } from './server/http';

type Schema = Record<string, unknown>;
type Schemas = Record<string, Schema>;

/**
 * Where the interface (a profile of TMF621 v5) departs from the official schema on purpose; nothing else is relaxed.
 * - `failed`: a ticket status of the AG-FIT profile (decisions.md "Ticket status values"), not in v5.0.1's enum.
 * - parties: the profile's related party carries the party inline (`Individual` / `Organization` with its contact
 *   media, interface.md 2.6), where v5.0.1 has only references (`PartyRef`, `PartyRoleRef`).
 * - entities: the profile's `optionalServices` entity is a `ProductOffering` named, not referenced by id
 *   (interface.md 2.7); v5.0.1's `EntityRef` requires an `id`.
 */
const profileDepartures: { name: string; apply(schemas: Schemas): void }[] = [
  {
    name: 'status failed (AG-FIT profile)',
    apply: (s) => {
      (s.TroubleTicketStatusType!.enum as string[]).push('failed');
    },
  },
  {
    name: 'inline Individual / Organization as partyOrPartyRole (interface.md 2.6)',
    apply: (s) => {
      s.Individual = { allOf: [{ $ref: '#/components/schemas/Extensible' }] };
      s.Organization = { allOf: [{ $ref: '#/components/schemas/Extensible' }] };
      const mapping = (s.PartyRefOrPartyRoleRef!.discriminator as { mapping: Record<string, string> }).mapping;
      mapping.Individual = '#/components/schemas/Individual';
      mapping.Organization = '#/components/schemas/Organization';
    },
  },
  {
    name: 'a ProductOffering named, not referenced, as an optionalServices entity (interface.md 2.7)',
    apply: (s) => {
      const entity = ((s.RelatedEntity!.allOf as Schema[])[1]!.properties as Record<string, Schema>).entity!;
      const official = { ...entity };
      for (const key of Object.keys(entity)) delete entity[key];
      Object.assign(entity, {
        if: { properties: { '@type': { const: 'ProductOffering' } }, required: ['@type'] },
        then: { allOf: [{ $ref: '#/components/schemas/Extensible' }], required: ['name'] },
        else: official,
      });
    },
  },
];

/**
 * OpenAPI's discriminator on a oneOf picks the branch by `@type`; JSON Schema's oneOf cannot (an AttachmentRef also
 * matches Attachment), so each becomes: `@type` is one of the mapping's names, and each name validates its schema.
 */
function discriminated(schemas: Schemas): Schemas {
  for (const schema of Object.values(schemas)) {
    const mapping = (schema.discriminator as { mapping?: Record<string, string> } | undefined)?.mapping;
    if (!schema.oneOf || !mapping) continue;
    delete schema.oneOf;
    Object.assign(schema, {
      required: ['@type'],
      properties: { '@type': { enum: Object.keys(mapping) } },
      allOf: Object.entries(mapping).map(([name, ref]) => ({ if: { properties: { '@type': { const: name } } }, then: { $ref: ref } })),
    });
  }
  return schemas;
}

function compile(departures: boolean): (name: string) => ValidateFunction {
  const schemas = structuredClone(oas.components.schemas) as unknown as Schemas;
  if (departures) for (const departure of profileDepartures) departure.apply(schemas);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own format for Attachment.content (RFC 4648 base64).
  ajv.addFormat('base64', /^[A-Za-z0-9+/]*={0,2}$/);
  ajv.addSchema({ components: { schemas: discriminated(schemas) } }, 'tmf621.json');
  return (name) => ajv.getSchema(`tmf621.json#/components/schemas/${name}`)!;
}

const official = compile(true);
const strictOfficial = compile(false);

const problems = (validate: ValidateFunction, value: unknown): string[] =>
  validate(value) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);

/** Each item of a list answer, or the one answer. */
const expectValid = (schema: string, body: unknown) => {
  for (const item of Array.isArray(body) ? body : [body]) expect(problems(official(schema), item), JSON.stringify(item).slice(0, 300)).toEqual([]);
};

let running: RunningServer;
let call: ReturnType<typeof createTestClient>;
let created: { id: string; body: Record<string, unknown> };
let dispute: { id: string };
const received: { path: string; envelope: Record<string, unknown> }[] = [];
const listener = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', envelope: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  running = await startHttpServer({
    port: 0,
    storeOptions: { ticketCount: 300 },
    events: { listenerBase: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`, log: () => undefined },
  });
  call = createTestClient(`${running.url}/tmf-api/troubleTicket/v5`);
  const made = await call<Record<string, unknown>>('/troubleTicket', { method: 'POST', json: faultTicketBody('EINS-V5-CONFORMANCE') });
  created = { id: String(made.body.id), body: made.body };
  const disputed = await call<{ id: string }>('/troubleTicket', { method: 'POST', json: disputeTicketBody(created.id, 'EINS-V5-DISPUTE') });
  dispute = { id: disputed.body.id };
});
afterAll(async () => {
  await running.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

describe('answers of the mocked service against the official TMF621 v5.0.1 schemas', () => {
  const pages = [0, 100, 200].map((offset): [string, string] => [`list, page at ${offset} (seeded tickets)`, `/troubleTicket?limit=100&offset=${offset}`]);
  it.each<[string, string]>([
    ...pages,
    ['list, newest first (the created ones)', '/troubleTicket?sort=-creationDate&limit=5'],
    ['list projected: fields=status', '/troubleTicket?fields=status&limit=50'],
    ['list projected: fields=channel,externalIdentifier,relatedEntity,relatedParty,note', '/troubleTicket?fields=channel,externalIdentifier,relatedEntity,relatedParty,note&limit=100'],
    ['list filtered by externalIdentifier.id', '/troubleTicket?externalIdentifier.id=EINS-V5-CONFORMANCE'],
    ['list with a trailing slash', '/troubleTicket/?limit=20'],
  ])('%s: every item is a TroubleTicket_RES', async (_name, path) => {
    const answer = await call<unknown[]>(path);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expectValid('TroubleTicket_RES', answer.body);
  });

  it.each([
    ['a seeded ticket', () => '/troubleTicket/TT-000007'],
    ['a seeded ticket with a trailing slash', () => '/troubleTicket/TT-000007/'],
    ['the created fault ticket', () => `/troubleTicket/${created.id}`],
    ['the created fault ticket with a trailing slash', () => `/troubleTicket/${created.id}/`],
    ['the created fault ticket, fields=channel', () => `/troubleTicket/${created.id}?fields=channel`],
    ['the created fault ticket, fields=externalIdentifier,relatedEntity,relatedParty,statusChange', () => `/troubleTicket/${created.id}?fields=externalIdentifier,relatedEntity,relatedParty,statusChange`],
    ['the created dispute', () => `/troubleTicket/${dispute.id}`],
  ])('retrieve %s: that ticket, a TroubleTicket_RES', async (_name, path) => {
    const answer = await call(path());
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(path().split('/')[2]!.split('?')[0]);
    expectValid('TroubleTicket_RES', answer.body);
  });

  it('create answers a TroubleTicket_RES (201), also on a path with a trailing slash', async () => {
    expectValid('TroubleTicket_RES', created.body);
    const again = await call<Record<string, unknown>>('/troubleTicket/?fields=channel,externalIdentifier', { method: 'POST', json: faultTicketBody('EINS-V5-SLASH') });
    expect(again.status).toBe(201);
    expectValid('TroubleTicket_RES', again.body);
    expect(Object.keys(again.body).sort()).toEqual(['@type', 'channel', 'externalIdentifier', 'href', 'id']);
  });

  it.each([
    ['404 for an unknown ticket', '/troubleTicket/TT-999999', 404],
    ['400 for a bad query', '/troubleTicket?limit=-1', 400],
    ['401 without a token', '/troubleTicket', 401],
  ])('errors are Errors: %s', async (_name, path, status) => {
    const answer = await call(path, { anonymous: status === 401 });
    expect(answer.status).toBe(status);
    expectValid('Error', answer.body);
  });
});

describe('a created ticket read back', () => {
  const typedObjects = (ticket: Record<string, unknown>) => [
    ['channel', ticket.channel],
    ...['externalIdentifier', 'relatedEntity', 'relatedParty', 'statusChange', 'note', 'troubleTicketRelationship'].flatMap((name) =>
      ((ticket[name] as unknown[] | undefined) ?? []).map((item, i) => [`${name}[${i}]`, item]),
    ),
  ] as [string, Record<string, unknown>][];

  it.each([
    ['in full', () => `/troubleTicket/${created.id}`],
    ['by fields=', () => `/troubleTicket/${created.id}?fields=channel,externalIdentifier,relatedEntity,relatedParty,statusChange`],
    ['in the list', () => '/troubleTicket?externalIdentifier.id=EINS-V5-CONFORMANCE&fields=channel,externalIdentifier,relatedEntity,relatedParty,statusChange'],
  ])('%s carries @type on every object, and id, href and @type at the top', async (_name, path) => {
    const answer = await call<Record<string, unknown> | Record<string, unknown>[]>(path());
    const ticket = Array.isArray(answer.body) ? answer.body[0]! : answer.body;
    expect(ticket).toMatchObject({ '@type': 'FaultTicket', id: created.id, href: expect.stringContaining(`/troubleTicket/${created.id}`) });
    const objects = typedObjects(ticket);
    expect(objects.map(([where]) => where)).toEqual(expect.arrayContaining(['channel', 'externalIdentifier[0]', 'relatedEntity[0]', 'relatedParty[0]', 'relatedParty[1]', 'statusChange[0]']));
    for (const [where, object] of objects) expect(typeof object['@type'], where).toBe('string');
  });

  it('holds every value as it was sent (the types added, nothing else changed)', async () => {
    const answer = await call<Record<string, unknown>>(`/troubleTicket/${created.id}`);
    expect(answer.body).toMatchObject(faultTicketBody('EINS-V5-CONFORMANCE') as unknown as Record<string, unknown>);
    expect(answer.body.externalIdentifier).toEqual([{ '@type': 'ExternalIdentifier', ...faultTicketBody('EINS-V5-CONFORMANCE').externalIdentifier[0] }]);
  });

  it('without the added types, the official schema refuses it (the check has teeth)', async () => {
    const answer = await call<Record<string, unknown>>(`/troubleTicket/${created.id}`);
    const { '@type': _dropped, ...channel } = answer.body.channel as Record<string, unknown>;
    expect(problems(official('TroubleTicket_RES'), { ...answer.body, channel })).toEqual(["/channel must have required property '@type'"]);
    expect(problems(strictOfficial('TroubleTicket_RES'), answer.body).length, 'the profile departures are needed').toBeGreaterThan(0);
  });
});

describe('the events the provider sends, against the official event schemas', () => {
  it('create, status change, resolution, information request, attribute change: each its own schema', async () => {
    running.store.advance(); // acknowledged -> inProgress
    for (const action of ['askForInformation', 'jeopardy', 'milestone', 'resolve'] as const) {
      expect(running.store.act(created.id, action, { path: '/accessLineId' }).ok).toBe(true);
    }
    await running.events!.idle();
    const names = received.map(({ envelope }) => String(envelope.eventType));
    expect(new Set(names)).toEqual(
      new Set([
        'TroubleTicketCreateEvent',
        'TroubleTicketStatusChangeEvent',
        'TroubleTicketInformationRequiredEvent',
        'TroubleTicketJeopardyAlertEvent',
        'TroubleTicketAttributeValueChangeEvent',
        'TroubleTicketMilestoneEvent',
        'TroubleTicketResolvedEvent',
      ]),
    );
    for (const { envelope } of received) {
      const name = String(envelope.eventType);
      // Jeopardy and milestone come from the AG-FIT profile: the official document has no schema of theirs but Event.
      const schema = name === 'TroubleTicketJeopardyAlertEvent' || name === 'TroubleTicketMilestoneEvent' ? 'Event' : name;
      expect(problems(official(schema), envelope), name).toEqual([]);
      expect(problems(official('TroubleTicket'), (envelope.event as { troubleTicket: unknown }).troubleTicket), name).toEqual([]);
    }
    const asked = received.find(({ envelope }) => envelope.eventType === 'TroubleTicketInformationRequiredEvent')!;
    expect((asked.envelope.event as { informationRequired: unknown }).informationRequired).toEqual({ op: 'add', path: '/accessLineId' });
  });
});
