/**
 * The desk's shared templates at /gateway/templates: every route and method, agents write and viewers read, bodies
 * bounded, names unique, a count limit per desk, an audit line per change; in memory and in Redis (shared by two
 * instances); and in the composed gateway, behind its Origin check and never forwarded to the provider.
 */
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateBounds } from '../../src/domain/template';
import type { LogLine } from '../listener/log';
import { silentLogger } from '../listener/log';
import { connectRedis, type RedisConnection } from '../listener/redis-connection';
import { signInThrough, startTestIdp, testGatewaySettings, type TestIdp } from '../testing/idp';
import { startRedis, type RedisServer } from '../testing/processes';
import { agentSession, viewerSession } from '../testing/upstream';
import { createGatewayApp } from './app';
import { createAuditLog } from './audit';
import { createSessionStore } from './sessions';
import { addTemplateRoutes, memoryTemplates, redisTemplates, TEMPLATE_MAX_BODY_BYTES, type StoredTemplates } from './templates';

let redis: RedisServer;
const connections: RedisConnection[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await redis?.stop();
});

async function connected(): Promise<RedisConnection> {
  const connection = connectRedis(redis.url, silentLogger);
  connections.push(connection);
  for (let i = 0; !connection.isReady(); i += 1) {
    if (i > 200) throw new Error('Redis did not connect within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return connection;
}

let deployments = 0;
const stores: Record<'memory' | 'redis', () => Promise<StoredTemplates>> = {
  memory: async () => memoryTemplates(),
  redis: async () => redisTemplates(await connected(), `{templates-test-${process.pid}-${(deployments += 1)}}`),
};

const T0 = Date.parse('2026-11-28T10:00:00Z');

/** The template routes alone; the cookie `s=agent` or `s=viewer` stands for a session (as server/testing/upstream.ts). */
function desk(templates: StoredTemplates) {
  const lines: LogLine[] = [];
  const log = (line: LogLine) => lines.push(line);
  const sessionOf = async (c: Context) => {
    const cookie = c.req.header('Cookie') ?? '';
    return cookie.includes('s=agent') ? agentSession : cookie.includes('s=viewer') ? viewerSession : undefined;
  };
  const app = new Hono();
  addTemplateRoutes(app, { templates, audit: createAuditLog({ log }), sessionOf, log, now: () => T0 });
  type Call = { method?: string; as?: 'agent' | 'viewer' | 'nobody'; body?: unknown; raw?: string; type?: string };
  const call = (path: string, { method = 'GET', as = 'agent', body, raw, type = 'application/json' }: Call = {}) => {
    const headers: Record<string, string> = {};
    if (as !== 'nobody') headers.Cookie = `s=${as}`;
    const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (text !== undefined) headers['Content-Type'] = type;
    return app.request(path, { method, headers, ...(text !== undefined ? { body: text } : {}) });
  };
  const audits = () => lines.filter((line) => line.kind === 'audit') as unknown as Record<string, unknown>[];
  return { app, call, lines, audits };
}

const answers = { ticketType: 'fault', description: 'Glasfaser gestört', relatedParty: [], billingItem: [] };
const input = (name: string) => ({ name, formVersion: 1, answers });
const agent = { subject: agentSession.subject, name: agentSession.name };

describe.each(['memory', 'redis'] as const)('templates kept in %s', (kind) => {
  it('an agent saves, lists, reads, renames and deletes; each change is one audit line', async () => {
    const { call, audits } = desk(await stores[kind]());
    const created = await call('/gateway/templates', { method: 'POST', body: input(' Fibre outage ') });
    expect(created.status).toBe(201);
    const template = (await created.json()) as { id: string };
    expect(template).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Fibre outage',
      formVersion: 1,
      answers,
      author: agent,
      createdAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
    });
    expect(created.headers.get('Location')).toBe(`/gateway/templates/${template.id}`);
    expect(created.headers.get('Cache-Control')).toBe('no-store');

    // A viewer reads them.
    const listed = await call('/gateway/templates', { as: 'viewer' });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ templates: [template] });
    expect(await (await call(`/gateway/templates/${template.id}`, { as: 'viewer' })).json()).toEqual(template);

    const renamed = await call(`/gateway/templates/${template.id}`, { method: 'PATCH', body: { name: 'Fibre outage Mitte' } });
    expect(renamed.status).toBe(200);
    // The answers come back as they were saved (an empty list stays a list).
    expect(await renamed.json()).toEqual({ ...template, name: 'Fibre outage Mitte' });

    const deleted = await call(`/gateway/templates/${template.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(`/gateway/templates/${template.id}`)).status).toBe(404);
    expect(await (await call('/gateway/templates')).json()).toEqual({ templates: [] });

    expect(audits()).toEqual([
      { kind: 'audit', id: expect.any(String), requestId: expect.any(String), agent, action: 'createTemplate', template: { id: template.id, name: 'Fibre outage' }, outcome: { status: 201 } },
      { kind: 'audit', id: expect.any(String), requestId: expect.any(String), agent, action: 'renameTemplate', template: { id: template.id, name: 'Fibre outage Mitte' }, outcome: { status: 200 } },
      { kind: 'audit', id: expect.any(String), requestId: expect.any(String), agent, action: 'deleteTemplate', template: { id: template.id, name: 'Fibre outage Mitte' }, outcome: { status: 204 } },
    ]);
  });

  it('lists by name, case aside', async () => {
    const { call } = desk(await stores[kind]());
    for (const name of ['b outage', 'C outage', 'A outage']) expect((await call('/gateway/templates', { method: 'POST', body: input(name) })).status).toBe(201);
    const { templates } = (await (await call('/gateway/templates')).json()) as { templates: { name: string }[] };
    expect(templates.map((t) => t.name)).toEqual(['A outage', 'b outage', 'C outage']);
  });

  it.each([
    ['POST', '', { as: 'nobody' }, 401, 'sessionEnded', false],
    ['POST', '', { as: 'viewer' }, 403, 'forbidden', true],
    ['POST', '', { raw: '{"name":' }, 400, 'malformedJson', true],
    ['POST', '', { raw: 'name=x', type: 'application/x-www-form-urlencoded' }, 415, 'invalidContentType', true],
    ['POST', '', { body: input('') }, 400, 'invalidBody', true],
    ['POST', '', { body: { name: 'x', formVersion: 0, answers } }, 400, 'invalidBody', true],
    ['POST', '', { body: input('Taken') }, 409, 'templateNameTaken', true],
    ['POST', '', { body: input(' taken ') }, 409, 'templateNameTaken', true],
    ['POST', '', { raw: JSON.stringify({ ...input('Big'), pad: 'x'.repeat(TEMPLATE_MAX_BODY_BYTES) }) }, 413, 'bodyTooLarge', true],
    ['POST', '', { body: { ...input('Big'), answers: { description: 'x'.repeat(templateBounds.answersBytes) } } }, 413, 'bodyTooLarge', true],
    ['PATCH', '/{id}', { as: 'viewer', body: { name: 'New' } }, 403, 'forbidden', true],
    ['PATCH', '/{id}', { as: 'nobody', body: { name: 'New' } }, 401, 'sessionEnded', false],
    ['PATCH', '/{id}', { body: { name: ' ' } }, 400, 'invalidBody', true],
    ['PATCH', '/{id}', { body: { name: 'Other' } }, 409, 'templateNameTaken', true],
    ['PATCH', '/no-such-template', { body: { name: 'New' } }, 404, 'notFound', true],
    ['DELETE', '/{id}', { as: 'viewer' }, 403, 'forbidden', true],
    ['DELETE', '/{id}', { as: 'nobody' }, 401, 'sessionEnded', false],
    ['DELETE', '/no-such-template', {}, 404, 'notFound', true],
    ['GET', '/no-such-template', {}, 404, 'notFound', false],
    ['GET', '/{id}', { as: 'nobody' }, 401, 'sessionEnded', false],
    ['GET', '', { as: 'nobody' }, 401, 'sessionEnded', false],
    ['PUT', '', { body: input('x') }, 405, 'methodNotAllowed', false],
    ['DELETE', '', {}, 405, 'methodNotAllowed', false],
    ['POST', '/{id}', { body: input('x') }, 405, 'methodNotAllowed', false],
    ['PUT', '/{id}', { body: input('x') }, 405, 'methodNotAllowed', false],
  ] as const)('%s /gateway/templates%s %j: %i %s (audited: %s)', async (method, suffix, options, status, code, audited) => {
    const { call, audits, lines } = desk(await stores[kind]());
    const taken = (await (await call('/gateway/templates', { method: 'POST', body: input('Taken') })).json()) as { id: string };
    await call('/gateway/templates', { method: 'POST', body: input('Other') });
    const before = audits().length;
    const answer = await call(`/gateway/templates${suffix.replace('{id}', taken.id)}`, { method, ...options });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toMatchObject({ code, status: String(status) });
    if (status === 405) expect(answer.headers.get('Allow')).toBe(suffix ? 'GET, PATCH, DELETE' : 'GET, POST');
    // Refused: the templates are as they were.
    const { templates } = (await (await call('/gateway/templates')).json()) as { templates: { name: string }[] };
    expect(templates.map((t) => t.name)).toEqual(['Other', 'Taken']);
    expect(audits().slice(before)).toEqual(audited ? [expect.objectContaining({ outcome: { status } })] : []);
    expect(lines.filter((line) => line.kind === 'refused').at(-1)).toMatchObject({ status, code });
  });

  it.each([
    [templateBounds.count - 1, 201],
    [templateBounds.count, 409],
  ] as const)('with %i templates on the desk, one more: %i', async (count, status) => {
    const templates = await stores[kind]();
    for (let i = 0; i < count; i += 1) {
      const at = new Date(T0).toISOString();
      await templates.add({ id: `t-${i}`, name: `T ${i}`, formVersion: 1, answers: {}, author: agent, createdAt: at, updatedAt: at });
    }
    const { call } = desk(templates);
    const answer = await call('/gateway/templates', { method: 'POST', body: input('One more') });
    expect(answer.status).toBe(status);
    if (status === 409) expect(await answer.json()).toMatchObject({ code: 'tooManyTemplates' });
  });
});

describe('templates in Redis, shared by two instances', () => {
  it('one instance sees what the other saved, and of one name saved on both at once only one is kept', async () => {
    const prefix = `{templates-shared-${process.pid}}`;
    const one = desk(redisTemplates(await connected(), prefix));
    const two = desk(redisTemplates(await connected(), prefix));
    const answers = await Promise.all([one, two].map(({ call }) => call('/gateway/templates', { method: 'POST', body: input('Fibre outage') })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const saved = (await answers.find((a) => a.status === 201)!.json()) as { id: string };
    expect(await (await two.call('/gateway/templates')).json()).toEqual({ templates: [expect.objectContaining({ id: saved.id, name: 'Fibre outage' })] });
    // Renamed on one, the old name is free again on the other.
    expect((await one.call(`/gateway/templates/${saved.id}`, { method: 'PATCH', body: { name: 'Renamed' } })).status).toBe(200);
    expect((await two.call('/gateway/templates', { method: 'POST', body: input('fibre OUTAGE') })).status).toBe(201);
    expect((await two.call('/gateway/templates', { method: 'POST', body: input('renamed') })).status).toBe(409);
    // Deleted on two, its name is free on one.
    expect((await two.call(`/gateway/templates/${saved.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await one.call('/gateway/templates', { method: 'POST', body: input('Renamed') })).status).toBe(201);
  });
});

describe('the audit of template changes in Redis', () => {
  it('each change is a record in the audit stream, beside its log line', async () => {
    const connection = await connected();
    const prefix = `{templates-audit-${process.pid}}`;
    const lines: LogLine[] = [];
    const audit = createAuditLog({ log: (line) => lines.push(line), now: () => T0, redis: { connection, prefix } });
    const app = new Hono();
    addTemplateRoutes(app, { templates: redisTemplates(connection, prefix), audit, sessionOf: async () => agentSession, now: () => T0 });
    const created = await app.request('/gateway/templates', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input('Fibre outage')) });
    const { id } = (await created.json()) as { id: string };
    await app.request(`/gateway/templates/${id}`, { method: 'DELETE' });
    const stream = await connection.command<[string, string[]][]>(['XRANGE', `${prefix}:gateway:audit`, '-', '+']);
    const records = stream.map(([, fields]) => JSON.parse(fields[1] ?? '{}') as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({ time: '2026-11-28T10:00:00.000Z', agent, action: 'createTemplate', template: { id, name: 'Fibre outage' }, outcome: { status: 201 } }),
      expect.objectContaining({ action: 'deleteTemplate', template: { id, name: 'Fibre outage' }, outcome: { status: 204 } }),
    ]);
    expect(records.map((record) => record.id)).toEqual(lines.filter((line) => line.kind === 'audit').map((line) => (line as { id: string }).id));
  });
});

describe('templates in the composed gateway', () => {
  const ORIGIN = 'http://127.0.0.1:5223';
  let idp: TestIdp;
  const upstreamCalls: Request[] = [];
  let request: (path: string, init?: RequestInit) => Response | Promise<Response>;

  beforeAll(async () => {
    idp = await startTestIdp(ORIGIN);
    const gateway = createGatewayApp({
      settings: testGatewaySettings(ORIGIN, idp.issuer, { baseUrl: 'http://127.0.0.1:1/tmf-api/troubleTicket/v5' }),
      store: createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 }),
      tokens: { get: async () => 'service-token', invalidate: async () => {} },
      audit: createAuditLog({ log: silentLogger }),
      log: silentLogger,
      fetch: async (input, init) => {
        upstreamCalls.push(new Request(input, init));
        return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    request = (path, init) => gateway.app.request(path, init);
  }, 30_000);
  afterAll(async () => {
    await idp?.close();
  });

  const signIn = async (username: string) => `__Host-ttd-session=${(await signInThrough(request, idp, ORIGIN, username)).session ?? ''}`;
  const write = (method: string, path: string, cookie: string, origin: string, body?: unknown) =>
    request(path, { method, headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });

  it('an agent saves from the desk’s own origin; another origin is refused (403) before the route, for every write', async () => {
    const agentCookie = await signIn('agent.one');
    const created = await write('POST', '/gateway/templates', agentCookie, ORIGIN, input('Fibre outage'));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const [method, path, body] of [
      ['POST', '/gateway/templates', input('Evil')],
      ['PATCH', `/gateway/templates/${id}`, { name: 'Evil' }],
      ['DELETE', `/gateway/templates/${id}`, undefined],
    ] as const) {
      const refused = await write(method, path, agentCookie, 'https://evil.example', body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(await (await request('/gateway/templates', { headers: { Cookie: agentCookie } })).json()).toEqual({ templates: [expect.objectContaining({ id, name: 'Fibre outage' })] });
  });

  it('a signed-in viewer reads the templates but cannot save one (403)', async () => {
    const viewerCookie = await signIn('viewer.one');
    const listed = await request('/gateway/templates', { headers: { Cookie: viewerCookie } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('Cache-Control')).toBe('no-store');
    const refused = await write('POST', '/gateway/templates', viewerCookie, ORIGIN, input('Viewer’s'));
    expect(refused.status).toBe(403);
  });

  it('never forwards a template route to the provider', async () => {
    const agentCookie = await signIn('agent.one');
    const before = upstreamCalls.length;
    await request('/gateway/templates', { headers: { Cookie: agentCookie } });
    await write('POST', '/gateway/templates', agentCookie, ORIGIN, input('Another'));
    await request('/gateway/templates/x', { method: 'PUT', headers: { Cookie: agentCookie, Origin: ORIGIN } });
    expect(upstreamCalls.length).toBe(before);
  });
});
