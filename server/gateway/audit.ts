/** Who did what on this desk: one record per write (log line, Redis stream), and the look-up the ticket page asks for. */
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Env, Hono, Schema } from 'hono';
import type { LogLine, Logger } from '../listener/log';
import type { RedisConnection } from '../listener/redis-connection';
import { gatewayError, sessionEnded } from './errors';
import type { GatewaySession } from './session-types';

/** The record as logged (server/listener/log.ts holds its one definition), without the logger's `kind` and `time`. */
export type AuditEntry = Omit<Extract<LogLine, { kind: 'audit' }>, 'kind'>;
/** What the proxy hands over: the record's own id is made here. */
export type AuditInput = Omit<AuditEntry, 'id'>;
export type AuditAction = AuditEntry['action'];
export type AuditResource = 'troubleTicket' | 'cancelProductOrder';

/** A change of the desk's templates (server/gateway/templates.ts). */
export type TemplateAuditAction = 'createTemplate' | 'renameTemplate' | 'deleteTemplate';
/** Who changed which template, and the answer; never its answers. `template` is null when none was named (a refusal). */
export type TemplateAuditInput = {
  requestId: string;
  agent: { subject: string; name: string };
  action: TemplateAuditAction;
  template: { id: string; name: string } | null;
  outcome: { status: number };
};

export const resourceOf: Record<AuditAction, AuditResource> = {
  createTroubleTicket: 'troubleTicket',
  createCancelProductOrder: 'cancelProductOrder',
};
const isResource = (text: string): text is AuditResource => text === 'troubleTicket' || text === 'cancelProductOrder';

/** What the ticket page shows: "Entered on this desk by Jana Schmidt, 26 Nov 2026, 10:42". */
export type AuditFinding = { action: AuditAction; agent: { subject: string; name: string }; at: string; externalIdentifier: string | null };

export type AuditLog = {
  /** Never fails: the write it describes has happened; a record Redis could not take stays in the log line. */
  record(entry: AuditInput): Promise<void>;
  /** Throws when Redis does not answer (the route says 503), undefined when nothing was entered here under that id. */
  find(resource: AuditResource, id: string): Promise<AuditFinding | undefined>;
  /** A change of a template: its log line and its entry in the stream, as `record`'s; never fails. */
  recordTemplate(entry: TemplateAuditInput): Promise<void>;
};

export type AuditOptions = {
  log: Logger;
  /** Milliseconds since the epoch. */
  now?: () => number;
  redis?: { connection: RedisConnection; prefix: string };
  /** Look-ups kept in memory without Redis (oldest dropped first). */
  memoryLimit?: number;
};

const STREAM_MAX = 100_000;
const KEEP_SECONDS = 90 * 24 * 3600;

export function createAuditLog({ log, now = Date.now, redis, memoryLimit = 10_000 }: AuditOptions): AuditLog {
  // Hashed as the receiver's keys are: a key's length does not depend on what the provider chose as an id.
  const hash = (text: string) => createHash('sha256').update(text).digest('base64url');
  const streamKey = `${redis?.prefix}:gateway:audit`;
  const findingKey = (resource: AuditResource, id: string) => `${streamKey}:${resource}:${hash(id)}`;
  const memory = new Map<string, AuditFinding>();

  return {
    async record(input) {
      // The record's id is the server's: two agents sending one X-Request-Id still leave two records (issue 38).
      const entry: AuditEntry = { id: randomUUID(), ...input };
      log({ kind: 'audit', ...entry });
      const at = new Date(now()).toISOString();
      const id = entry.outcome.resourceId;
      const finding: AuditFinding = { action: entry.action, agent: entry.agent, at, externalIdentifier: entry.externalIdentifier };
      const resource = resourceOf[entry.action];
      if (!redis) {
        if (id === undefined) return;
        const key = `${resource}:${id}`;
        memory.delete(key);
        memory.set(key, finding);
        if (memory.size > memoryLimit) memory.delete(memory.keys().next().value as string);
        return;
      }
      try {
        await redis.connection.command(['XADD', streamKey, 'MAXLEN', '~', String(STREAM_MAX), '*', 'record', JSON.stringify({ time: at, ...entry })]);
        if (id !== undefined) await redis.connection.command(['SET', findingKey(resource, id), JSON.stringify(finding), 'EX', String(KEEP_SECONDS)]);
      } catch (error) {
        log({ kind: 'info', message: `Audit: Redis did not take the record ${entry.id} (${(error as Error).message}); it is in the log line above` });
      }
    },
    async recordTemplate(input) {
      const entry = { id: randomUUID(), ...input };
      // The log's audit line (server/listener/log.ts) names the two API writes; a template's change is an audit line
      // of the same kind with its own action and fields, written through the same logger.
      log({ kind: 'audit', ...entry } as unknown as LogLine);
      if (!redis) return;
      try {
        await redis.connection.command(['XADD', streamKey, 'MAXLEN', '~', String(STREAM_MAX), '*', 'record', JSON.stringify({ time: new Date(now()).toISOString(), ...entry })]);
      } catch (error) {
        log({ kind: 'info', message: `Audit: Redis did not take the record ${entry.id} (${(error as Error).message}); it is in the log line above` });
      }
    },
    async find(resource, id) {
      if (!redis) return memory.get(`${resource}:${id}`);
      const text = await redis.connection.command<string | null>(['GET', findingKey(resource, id)]);
      return text ? (JSON.parse(text) as AuditFinding) : undefined;
    },
  };
}

export type AuditRouteOptions<E extends Env> = {
  audit: Pick<AuditLog, 'find'>;
  sessionOf(c: Context<E>): Promise<GatewaySession | undefined>;
  log?: Logger;
};

/** `GET /gateway/audit/:resource/:id` for any signed-in agent or viewer. */
export function addAuditRoutes<E extends Env, S extends Schema, B extends string>(app: Hono<E, S, B>, { audit, sessionOf, log = () => {} }: AuditRouteOptions<E>) {
  app.get('/gateway/audit/:resource/:id', async (c) => {
    const refuse = (response: Response, code: string) => {
      log({ kind: 'refused', method: 'GET', path: c.req.path, status: response.status, code });
      return response;
    };
    if (!(await sessionOf(c))) return refuse(sessionEnded(), 'sessionEnded');
    const resource = c.req.param('resource') ?? '';
    const id = c.req.param('id') ?? '';
    const what = resource === 'cancelProductOrder' ? 'cancellation' : 'ticket';
    const notEntered = () => gatewayError(404, 'notFound', `No ${what} with id ${id} was entered on this desk.`);
    if (!isResource(resource) || id.length > 256) return notEntered();
    let found: AuditFinding | undefined;
    try {
      found = await audit.find(resource, id);
    } catch {
      return refuse(gatewayError(503, 'notReady', 'The desk’s history cannot be read right now; try again in a moment.', { 'Retry-After': '5' }), 'notReady');
    }
    if (!found) return notEntered();
    return c.json(found, 200, { 'Cache-Control': 'no-store' });
  });
}
