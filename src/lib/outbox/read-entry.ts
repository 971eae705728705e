/**
 * Reads what the outbox's store holds, tolerantly: an entry of this version as it is (an outcome it cannot read is
 * left out, never guessed), one of version 1 (which kept `problem`, `attention` and `refusal` instead of the create's
 * outcome, and `ticketId` in its result) turned into this version, anything else not at all (left alone, never sent).
 */
import { outcomeKinds, type TicketOutcome } from '../../domain/create-outcome';
import { outboxVersion, type FinishedResult, type OutboxEntry } from './types';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const given = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

/** An entry of this agent, in this version's shape; undefined when it is none. */
export function readEntry(value: unknown, userId: string): OutboxEntry | undefined {
  if (!isData(value) || value.userId !== userId || typeof value.id !== 'string' || typeof value.state !== 'string') return undefined;
  if (value.version === outboxVersion) return current(value);
  if (value.version === 1) return fromVersion1(value);
  return undefined;
}

function current(value: Data): OutboxEntry | undefined {
  if (value.state === 'finished') {
    const result = isData(value.result) ? (value.result.kind === 'conflict' ? existedResult(value.result.existing) : finishedResult(value.result.kind, value.result.id)) : undefined;
    return result ? ({ ...value, result } as OutboxEntry) : undefined;
  }
  const { outcome, ...rest } = value;
  const known = isData(outcome) && (outcomeKinds as readonly unknown[]).includes(outcome.kind);
  return { ...rest, ...(known ? { outcome: outcome as TicketOutcome } : {}) } as OutboxEntry;
}

/** A bulk batch's line that already existed (./types.ts FinishedResult), with the ticket found when there is one. */
function existedResult(existing: unknown): FinishedResult {
  const id = isData(existing) ? text(existing.id) : undefined;
  return { kind: 'conflict', ...given('existing', id && { id }) };
}

function finishedResult(kind: unknown, id: unknown): FinishedResult | undefined {
  if (kind === 'accepted') return { kind };
  const ticketId = text(id);
  return kind === 'created' && ticketId ? { kind, id: ticketId } : undefined;
}

function fromVersion1(value: Data): OutboxEntry | undefined {
  const { problem, attention, refusal, result, ...rest } = value;
  if (rest.state === 'finished') {
    const finished = isData(result) ? finishedResult(result.kind, result.ticketId) : undefined;
    return finished ? ({ ...rest, version: outboxVersion, result: finished } as OutboxEntry) : undefined;
  }
  const outcome = outcomeOfVersion1(rest.state, problem, attention, refusal);
  return { ...rest, version: outboxVersion, ...given('outcome', outcome) } as OutboxEntry;
}

/** What version 1 said about the last send, as the outcome this version keeps. */
export function outcomeOfVersion1(state: unknown, problem: unknown, attention: unknown, refusal: unknown): TicketOutcome | undefined {
  if (state === 'refused' && isData(refusal)) {
    const invalidFields = Array.isArray(refusal.invalidFields) ? refusal.invalidFields.filter(isData).filter((field) => typeof field.path === 'string') : [];
    return { kind: 'invalid', invalidFields: invalidFields as { path: string; message: string }[], ...given('message', text(refusal.message)) };
  }
  if (state === 'attention' && isData(attention)) {
    const ticketId = text(attention.ticketId);
    if (attention.reason === 'conflict') return { kind: 'conflict', ...given('existing', ticketId && { id: ticketId }) };
    if (attention.reason === 'forbidden') return { kind: 'forbidden' };
    return { kind: 'unsupported', ...given('status', count(attention.status)) };
  }
  if (state === 'signIn') return { kind: 'unauthorized' };
  if (!isData(problem)) return undefined;
  const status = count(problem.status);
  if (problem.kind === 'network' || status === undefined) return { kind: 'unavailable', mayExist: true };
  if (status === 429) return { kind: 'rateLimited', status };
  if (status === 409) return { kind: 'unconfirmed' };
  if (status === 401) return { kind: 'unauthorized' };
  return { kind: 'unavailable', mayExist: status !== 503, status };
}
