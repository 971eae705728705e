/** One JSON line per event and per refused request: what happened, never a token, a ticket or a body. */

export type EventOutcome = 'accepted' | 'duplicate';

export type LogLine =
  | { kind: 'event'; eventType: string; eventId: string | null; id: number | null; outcome: EventOutcome }
  | { kind: 'refused'; method: string; path: string; status: number; code: string; reason?: string }
  | { kind: 'stream'; action: 'opened' | 'closed' | 'dropped'; subscribers: number; reason?: string }
  | { kind: 'info'; message: string }
  // A browser's Content-Security-Policy violation report (csp-reports.ts): the directive and the blocked URL, no more.
  | { kind: 'cspViolation'; directive: string; blocked: string }
  // The desk gateway's record of a write (gateway/audit.ts): who, what, and the provider's answer; never the body.
  | {
      kind: 'audit';
      requestId: string;
      agent: { subject: string; name: string };
      action: 'createTroubleTicket' | 'createCancelProductOrder';
      externalIdentifier: string | null;
      outcome: { status: number; resourceId?: string };
    };

export type Logger = (line: LogLine) => void;

/** Writes `{"time":…,"kind":…}` lines; `write` is stdout by default, a list in tests, nothing in benchmarks. */
export function createLogger(write: (text: string) => void = (text) => process.stdout.write(text), now: () => Date = () => new Date()): Logger {
  return (line) => write(`${JSON.stringify({ time: now().toISOString(), ...line })}\n`);
}

export const silentLogger: Logger = () => {};
