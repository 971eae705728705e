/** The outcome kinds' own rules: a ticket's 409 settled with what the look-up found (docs/decisions/0008), and what of it is kept. */
import { describe, expect, it } from 'vitest';
import { existingCancellationOf, existingTicketOf, mayHaveCreated, settleTicketConflict, statusOf } from './create-outcome';

describe('settleTicketConflict', () => {
  it('no earlier attempt may have made it: another ticket carries the id, with that ticket when it was found', () => {
    expect(settleTicketConflict({ id: 'TT-9' }, false)).toEqual({ kind: 'conflict', existing: { id: 'TT-9' } });
    expect(settleTicketConflict(undefined, false)).toEqual({ kind: 'conflict' });
  });

  it('an earlier attempt with this id got no answer: it created the ticket, which opens', () => {
    expect(settleTicketConflict({ id: 'TT-9' }, true)).toEqual({ kind: 'created', id: 'TT-9' });
    expect(settleTicketConflict(undefined, true)).toEqual({ kind: 'unconfirmed' });
  });
});

describe('what a 409 keeps of the resource found', () => {
  it('a ticket: its id and, when the list gave it, its status', () => {
    expect(existingTicketOf({ id: 'TT-9', status: 'inProgress' })).toEqual({ id: 'TT-9', status: 'inProgress' });
    expect(existingTicketOf({ id: 'TT-9', status: undefined })).toEqual({ id: 'TT-9' });
  });

  it('a cancellation: its id and, when the service gave it, its state', () => {
    expect(existingCancellationOf({ id: 'CPO-1', state: 'inProgress' })).toEqual({ id: 'CPO-1', state: 'inProgress' });
    expect(existingCancellationOf({ id: 'CPO-1', state: undefined })).toEqual({ id: 'CPO-1' });
  });
});

describe('mayHaveCreated and statusOf', () => {
  it.each([
    [{ kind: 'unavailable', mayExist: true } as const, true, undefined],
    [{ kind: 'unavailable', mayExist: false, status: 503 } as const, false, 503],
    [{ kind: 'unreadable', status: 201 } as const, true, 201],
    [{ kind: 'rateLimited', status: 429 } as const, false, 429],
    [{ kind: 'unsupported', status: 404 } as const, false, 404],
    [{ kind: 'conflict' } as const, false, undefined],
    [{ kind: 'created', id: 'TT-1' } as const, false, undefined],
  ])('%o: may have created %s, status %s', (outcome, may, status) => {
    expect(mayHaveCreated(outcome)).toBe(may);
    expect(statusOf(outcome)).toBe(status);
  });
});
