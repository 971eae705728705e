/** Every status word the desk knows: its kind, whether it is final, and its spelling read tolerantly (decision 0047). */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { finalStatuses, isClosedForGood, isFinalStatus, isKnownStatus, knownStatuses, readStatus, statusKindOf, ticketStatuses } from './ticket-status';

// [status, kind, final]: the interface's nine, the AG-FIT 621 profile's six more, the cancellation's terminatedWithError.
const table = [
  ['acknowledged', 'open', false],
  ['accepted', 'open', false],
  ['initialized', 'open', false],
  ['confirmed', 'open', false],
  ['inProgress', 'open', false],
  ['pending', 'waiting', false],
  ['held', 'waiting', false],
  ['assessingCancellation', 'waiting', false],
  ['resolved', 'done', true],
  ['closed', 'done', true],
  ['completed', 'done', true],
  ['done', 'done', true],
  ['rejected', 'stopped', true],
  ['cancelled', 'stopped', true],
  ['failed', 'stopped', true],
  ['terminatedWithError', 'stopped', true],
] as const;

describe('the status words', () => {
  it.each(table)('%s: kind %s, final %s', (status, kind, final) => {
    expect(isKnownStatus(status)).toBe(true);
    expect(statusKindOf(status)).toBe(kind);
    expect(isFinalStatus(status)).toBe(final);
  });

  it('knows exactly these, the interface\'s nine among them', () => {
    expect([...knownStatuses].sort()).toEqual(table.map(([status]) => status).sort());
    expect(ticketStatuses.every((status) => knownStatuses.includes(status))).toBe(true);
    expect([...finalStatuses].sort()).toEqual(table.filter(([, , final]) => final).map(([status]) => status).sort());
  });

  it.each(['escalated', 'Done ', 'assessing', '', 'toString', 'constructor', undefined])('%j: no kind, not final (shown as received)', (status) => {
    expect(isKnownStatus(status)).toBe(false);
    expect(statusKindOf(status)).toBeUndefined();
    expect(isFinalStatus(status)).toBe(false);
  });

  it.each([
    ['resolved', false],
    ['closed', true],
    ['completed', true],
    ['done', true],
    ['cancelled', true],
    ['assessingCancellation', false],
    ['inProgress', false],
    ['escalated', false],
  ] as const)('%s: closed for good (no longer holds its external id) %s', (status, closed) => {
    expect(isClosedForGood(status)).toBe(closed);
  });
});

describe('readStatus', () => {
  it.each([
    ['Pending', 'pending'],
    ['IN_PROGRESS', 'inProgress'],
    ['ASSESSING_CANCELLATION', 'assessingCancellation'],
    ['assessing cancellation', 'assessingCancellation'],
    ['Done', 'done'],
    ['COMPLETED', 'completed'],
    ['Initialized', 'initialized'],
    ['terminated-with-error', 'terminatedWithError'],
    ['escalated', 'escalated'],
    ['Assessing', 'Assessing'],
  ])('%s -> %s', (sent, read) => {
    expect(readStatus(sent)).toBe(read);
  });
});
