/** One JSON line per event and per refused request: what happened, never a token, a ticket or a body. */
import { currentRequest, noteRefusalLogged } from '../request-context';

export type EventOutcome = 'accepted' | 'duplicate';

export type LogLine =
  | { kind: 'event'; eventType: string; eventId: string | null; id: number | null; outcome: EventOutcome }
  | { kind: 'refused'; method: string; path: string; status: number; code: string; reason?: string }
  // A request the server failed on (an exception reached the error handler): answered 500, always at `error`.
  | { kind: 'failed'; method: string; path: string; status: number; code: string; reason: string }
  | { kind: 'stream'; action: 'opened' | 'closed' | 'dropped'; subscribers: number; reason?: string }
  | { kind: 'info'; message: string; level?: Level }
  // A browser's Content-Security-Policy violation report (csp-reports.ts): the directive and the blocked URL, no more.
  | { kind: 'cspViolation'; directive: string; blocked: string }
  // The desk gateway's record of a write (server/gateway/audit.ts): who, what, and the provider's answer; never the body.
  | {
      kind: 'audit';
      /** Made by the gateway for this record alone (never a caller's). */
      id: string;
      /** The request's id for finding its other log lines: nginx's, or the caller's when no proxy set one. */
      requestId: string;
      agent: { subject: string; name: string };
      action: 'createTroubleTicket' | 'createCancelProductOrder';
      externalIdentifier: string | null;
      outcome: { status: number; resourceId?: string };
    };

export type Logger = (line: LogLine) => void;

export type Level = 'info' | 'warn' | 'error';

/** A refusal is the caller's mistake (warn) unless the server could not do its part (5xx: error). */
function levelOf(line: LogLine): Level {
  if (line.kind === 'refused') return line.status >= 500 ? 'error' : 'warn';
  if (line.kind === 'failed') return 'error';
  if (line.kind === 'cspViolation') return 'warn';
  if (line.kind === 'info') return line.level ?? 'info';
  return 'info';
}

/**
 * Writes `{"time":…,"level":…,"requestId":…,"subject":…,"kind":…}` lines: the request's id and agent when the line is
 * written while a request is served (server/request-context.ts). `write` is stdout by default, a list in tests.
 */
export function createLogger(write: (text: string) => void = (text) => process.stdout.write(text), now: () => Date = () => new Date()): Logger {
  return (line) => {
    const request = currentRequest();
    const context = request ? { requestId: request.requestId, ...(request.subject ? { subject: request.subject } : {}) } : {};
    const { level: _given, ...rest } = line as LogLine & { level?: Level };
    write(`${JSON.stringify({ time: now().toISOString(), level: levelOf(line), ...context, ...rest })}\n`);
  };
}

export const silentLogger: Logger = () => {};

/**
 * The same log, noting in the request's context that its refusal or failure has been written: an app's last-resort
 * line for an answer of 400 or more (server/gateway/app.ts, server/listener/app.ts) is then not written twice.
 */
export function noting(log: Logger): Logger {
  return (line) => {
    if (line.kind === 'refused' || line.kind === 'failed') noteRefusalLogged();
    log(line);
  };
}
