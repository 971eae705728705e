/** A 409 of POST /troubleTicket, once the ticket was looked up: whose ticket it is (docs/decisions/0008). */
import { describe, expect, it } from 'vitest';
import { outcomeOfConflict } from './outcome';

describe('outcomeOfConflict', () => {
  it('no earlier attempt may have made it: another ticket carries the id, with that ticket when it was found', () => {
    expect(outcomeOfConflict('TT-9', false)).toEqual({ kind: 'conflict', ticketId: 'TT-9' });
    expect(outcomeOfConflict(undefined, false)).toEqual({ kind: 'conflict' });
  });

  it('an earlier attempt with this id got no answer: it created the ticket, which opens', () => {
    expect(outcomeOfConflict('TT-9', true)).toEqual({ kind: 'created', id: 'TT-9' });
    expect(outcomeOfConflict(undefined, true)).toEqual({ kind: 'unconfirmed' });
  });
});
