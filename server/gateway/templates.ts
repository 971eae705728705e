/**
 * The desk's shared ticket templates (issue 41, docs/gateway.md): kept in Redis (REDIS_URL) or in this process,
 * served at /gateway/templates to any signed-in agent or viewer, changed by agents only, each change on the audit.
 * The schema and bounds are the app's (src/domain/template.ts); names are unique per desk, case aside.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Env, Hono, Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sameTemplateName, Template, templateBounds, TemplateInput, TemplateRename, type TemplateAuthor } from '../../src/domain/template';
import { errorResponse, methodNotAllowed } from '../errors';
import type { Logger } from '../listener/log';
import type { RedisConnection } from '../listener/redis-connection';
import type { AuditLog, TemplateAuditAction } from './audit';
import { gatewayError, sessionEnded } from './errors';
import type { GatewaySession } from './session-types';

export const TEMPLATES_PATH = '/gateway/templates';
/** A body: the answers' bound, the name and the JSON around them. */
export const TEMPLATE_MAX_BODY_BYTES = templateBounds.answersBytes + 8 * 1024;

export type StoredTemplates = {
  kind: 'memory' | 'redis';
  /** Every template, in no order. */
  list(): Promise<Template[]>;
  get(id: string): Promise<Template | undefined>;
  /** Adds it unless its name is taken or the desk holds `templateBounds.count` already (one step, every instance). */
  add(template: Template): Promise<'added' | 'nameTaken' | 'tooMany'>;
  /** Renames it unless another has the name; the template as it is now. */
  rename(id: string, name: string, updatedAt: string): Promise<Template | 'notFound' | 'nameTaken'>;
  /** The template that was deleted, or undefined. */
  remove(id: string): Promise<Template | undefined>;
};

/** Names are compared in lower case, trimmed: the index's field. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');
const parse = (text: string | null | undefined): Template | undefined => {
  if (!text) return undefined;
  try {
    const parsed = Template.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export function memoryTemplates(): StoredTemplates {
  const byId = new Map<string, Template>();
  return {
    kind: 'memory',
    list: async () => [...byId.values()],
    get: async (id) => byId.get(id),
    async add(template) {
      if ([...byId.values()].some((other) => sameTemplateName(other.name, template.name))) return 'nameTaken';
      if (byId.size >= templateBounds.count) return 'tooMany';
      byId.set(template.id, template);
      return 'added';
    },
    async rename(id, name, updatedAt) {
      const found = byId.get(id);
      if (!found) return 'notFound';
      if ([...byId.values()].some((other) => other.id !== id && sameTemplateName(other.name, name))) return 'nameTaken';
      const renamed = { ...found, name, updatedAt };
      byId.set(id, renamed);
      return renamed;
    },
    async remove(id) {
      const found = byId.get(id);
      byId.delete(id);
      return found;
    },
  };
}

// Each change is one script: two instances saving one name at the same moment cannot both win.
const ADD = `
if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 then return 'nameTaken' end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 'tooMany' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
return 'added'`;
// ARGV: id, the JSON read before, the renamed JSON, the new name's key. The JSON is built by the caller (Lua's cjson
// would turn an empty list into an object); a record changed since it was read answers 'changed', and is read again.
const RENAME = `
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return 'notFound' end
if text ~= ARGV[2] then return 'changed' end
local owner = redis.call('HGET', KEYS[2], ARGV[4])
if owner and owner ~= ARGV[1] then return 'nameTaken' end
local names = redis.call('HGETALL', KEYS[2])
for i = 1, #names, 2 do
  if names[i + 1] == ARGV[1] then redis.call('HDEL', KEYS[2], names[i]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[4], ARGV[1])
return 'renamed'`;
// ARGV: id. Its name's entries are found by id (at most templateBounds.count of them).
const REMOVE = `
local text = redis.call('HGET', KEYS[1], ARGV[1])
if not text then return false end
local names = redis.call('HGETALL', KEYS[2])
for i = 1, #names, 2 do
  if names[i + 1] == ARGV[1] then redis.call('HDEL', KEYS[2], names[i]) end
end
redis.call('HDEL', KEYS[1], ARGV[1])
return text`;

/**
 * Redis: `<prefix>:gateway:templates` (a hash, template id → its JSON) and `<prefix>:gateway:template-names` (a hash,
 * name in lower case → id). Both keys share the prefix's hash tag, so a cluster keeps them on one node for the scripts.
 */
export function redisTemplates(connection: RedisConnection, prefix: string): StoredTemplates {
  const keys = [`${prefix}:gateway:templates`, `${prefix}:gateway:template-names`];
  return {
    kind: 'redis',
    async list() {
      const values = await connection.command<string[]>(['HVALS', keys[0]!]);
      return values.flatMap((text) => parse(text) ?? []);
    },
    get: async (id) => parse(await connection.command<string | null>(['HGET', keys[0]!, id])),
    add: (template) => connection.evaluate<'added' | 'nameTaken' | 'tooMany'>(ADD, keys, [template.id, JSON.stringify(template), nameKey(template.name), String(templateBounds.count)]),
    async rename(id, name, updatedAt) {
      // Read, change, write if unchanged: a rename racing another change of the same template tries again.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const text = await connection.command<string | null>(['HGET', keys[0]!, id]);
        const found = parse(text);
        if (!text || !found) return 'notFound';
        const renamed: Template = { ...found, name, updatedAt };
        const answer = await connection.evaluate<string>(RENAME, keys, [id, text, JSON.stringify(renamed), nameKey(name)]);
        if (answer === 'notFound' || answer === 'nameTaken') return answer;
        if (answer === 'renamed') return renamed;
      }
      throw new Error('The template kept changing while it was renamed');
    },
    remove: async (id) => parse(await connection.evaluate<string | null>(REMOVE, keys, [id])),
  };
}

export type TemplateRouteOptions<E extends Env> = {
  templates: StoredTemplates;
  audit: Pick<AuditLog, 'recordTemplate'>;
  sessionOf(c: Context<E>): Promise<GatewaySession | undefined>;
  log?: Logger;
  now?: () => number;
};

const NO_STORE = { 'Cache-Control': 'no-store' };
const ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * GET/POST /gateway/templates, GET/PATCH/DELETE /gateway/templates/:id. Reads need a session (agent or viewer);
 * writes the agent role (403 for a viewer), a JSON body of at most TEMPLATE_MAX_BODY_BYTES (413), and pass the app's
 * Origin check (server/gateway/app.ts) before they get here. Any agent may rename or delete any template: they are the
 * desk's, not one agent's (docs/decisions/2026-11-28-templates-where-they-live.md); the audit says who did.
 */
export function addTemplateRoutes<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, options: TemplateRouteOptions<E>) {
  const { templates, audit, sessionOf, log = () => {}, now = Date.now } = options;
  const limit = bodyLimit({ maxSize: TEMPLATE_MAX_BODY_BYTES, onError: () => new Response(null, { status: 413 }) });

  const refuse = (c: Context<E>, response: Response, code: string) => {
    log({ kind: 'refused', method: c.req.method, path: c.req.path, status: response.status, code });
    return response;
  };
  const requestIdOf = (c: Context<E>) => {
    const chosen = (c.var as { requestId?: unknown }).requestId;
    return typeof chosen === 'string' ? chosen : randomUUID();
  };

  /** The JSON body within its bound: the value, or the refusal to answer with. */
  async function bodyOf(c: Context<E>): Promise<{ value: unknown } | { refused: Response; code: string }> {
    if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? '')) {
      return { refused: gatewayError(415, 'invalidContentType', 'Send the template as application/json.'), code: 'invalidContentType' };
    }
    let text = '';
    const refused = await limit(c, async () => {
      text = await c.req.text();
    });
    if (refused instanceof Response) {
      return { refused: gatewayError(413, 'bodyTooLarge', `A template is at most ${TEMPLATE_MAX_BODY_BYTES / 1024} KiB; keep fewer answers.`), code: 'bodyTooLarge' };
    }
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return { refused: gatewayError(400, 'malformedJson', 'The body is not JSON.'), code: 'malformedJson' };
    }
  }

  /**
   * A change: a session (401), the agent role (403), a body that passes `schema` when it has one; the change's own
   * answer and the template it concerns. One audit record per attempt that an agent or viewer made, whatever came of it.
   */
  async function change<T>(
    c: Context<E>,
    action: TemplateAuditAction,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } } | null,
    apply: (input: T, session: GatewaySession) => Promise<{ response: Response; template?: { id: string; name: string } }>,
  ): Promise<Response> {
    const session = await sessionOf(c);
    if (!session) return refuse(c, sessionEnded(), 'sessionEnded');
    const record = (status: number, template?: { id: string; name: string }) =>
      audit.recordTemplate({ requestId: requestIdOf(c), agent: { subject: session.subject, name: session.name }, action, template: template ?? null, outcome: { status } });
    let outcome: { response: Response; template?: { id: string; name: string }; code?: string };
    if (!session.canWrite) {
      outcome = { response: gatewayError(403, 'forbidden', 'Your role on this desk can read templates, not change them.'), code: 'forbidden' };
    } else if (schema === null) {
      outcome = await apply(undefined as T, session);
    } else {
      const body = await bodyOf(c);
      if ('refused' in body) outcome = { response: body.refused, code: body.code };
      else {
        const parsed = schema.safeParse(body.value);
        if (!parsed.success) {
          const tooLarge = parsed.error.issues.some((issue) => issue.message === 'validation.templateTooLarge');
          const invalidFields = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(body)', message: issue.message }));
          outcome = tooLarge
            ? { response: gatewayError(413, 'bodyTooLarge', `A template's answers are at most ${templateBounds.answersBytes / 1024} KiB.`), code: 'bodyTooLarge' }
            : { response: invalidBody(invalidFields), code: 'invalidBody' };
        } else outcome = await apply(parsed.data, session);
      }
    }
    await record(outcome.response.status, outcome.template);
    if (outcome.response.status >= 400 && outcome.code) return refuse(c, outcome.response, outcome.code);
    return outcome.response;
  }

  const json = (value: unknown, status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...NO_STORE, ...headers } });
  const notFound = (id: string) => ({ response: gatewayError(404, 'notFound', `No template with id ${id} on this desk.`), code: 'notFound' });
  const nameTaken = (name: string) => ({ response: gatewayError(409, 'templateNameTaken', `A template named “${name}” exists already on this desk.`), code: 'templateNameTaken' });

  app.get(TEMPLATES_PATH, async (c) => {
    if (!(await sessionOf(c))) return refuse(c, sessionEnded(), 'sessionEnded');
    const all = (await templates.list()).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
    return json({ templates: all }, 200);
  });

  app.post(TEMPLATES_PATH, (c) =>
    change(c, 'createTemplate', TemplateInput, async (input, session) => {
      const author: TemplateAuthor = { subject: session.subject, name: session.name };
      const at = new Date(now()).toISOString();
      const template: Template = { id: randomUUID(), ...input, author, createdAt: at, updatedAt: at };
      const added = await templates.add(template);
      if (added === 'nameTaken') return nameTaken(input.name);
      if (added === 'tooMany') {
        return { response: gatewayError(409, 'tooManyTemplates', `This desk keeps at most ${templateBounds.count} templates: delete one first.`), code: 'tooManyTemplates' };
      }
      return { response: json(template, 201, { Location: `${TEMPLATES_PATH}/${template.id}` }), template: { id: template.id, name: template.name } };
    }),
  );

  app.get(`${TEMPLATES_PATH}/:id`, async (c) => {
    if (!(await sessionOf(c))) return refuse(c, sessionEnded(), 'sessionEnded');
    const id = c.req.param('id') ?? '';
    const found = ID.test(id) ? await templates.get(id) : undefined;
    if (!found) return refuse(c, notFound(id).response, 'notFound');
    return json(found, 200);
  });

  app.patch(`${TEMPLATES_PATH}/:id`, (c) => {
    const id = c.req.param('id') ?? '';
    return change(c, 'renameTemplate', TemplateRename, async ({ name }) => {
      const renamed = ID.test(id) ? await templates.rename(id, name, new Date(now()).toISOString()) : 'notFound';
      if (renamed === 'notFound') return notFound(id);
      if (renamed === 'nameTaken') return { ...nameTaken(name), template: { id, name } };
      return { response: json(renamed, 200), template: { id, name: renamed.name } };
    });
  });

  app.delete(`${TEMPLATES_PATH}/:id`, (c) => {
    const id = c.req.param('id') ?? '';
    return change(c, 'deleteTemplate', null, async () => {
      const removed = ID.test(id) ? await templates.remove(id) : undefined;
      if (!removed) return notFound(id);
      return { response: new Response(null, { status: 204, headers: NO_STORE }), template: { id, name: removed.name } };
    });
  });

  // Every other method: 405 with what is allowed (HEAD is GET's, answered by Hono from the GET route).
  app.all(TEMPLATES_PATH, (c) => refuse(c, methodNotAllowed(c.req.method, ['GET', 'POST']), 'methodNotAllowed'));
  app.all(`${TEMPLATES_PATH}/:id`, (c) => refuse(c, methodNotAllowed(c.req.method, ['GET', 'PATCH', 'DELETE']), 'methodNotAllowed'));
}

function invalidBody(invalidFields: { path: string; message: string }[]): Response {
  return errorResponse(400, 'invalidBody', 'The template does not pass its checks: see invalidFields.', { invalidFields });
}
