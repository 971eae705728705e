/** The field table's samples: valid for the field's schema, and varied enough for the seed to sort by. */
// @vitest-environment node -- pure schemas need no DOM.
import { describe, expect, it } from 'vitest';
import { FaultTicket } from './ticket';
import { ticketFieldSamples } from './ticket-field-samples';
import { ticketField, ticketFieldNames, type TicketFieldName } from './ticket-fields';

type Shape = Record<string, { safeParse(value: unknown): { success: boolean } } | undefined>;
const [faultRead, disputeRead] = FaultTicket.options.map((option) => option.shape as unknown as Shape);
/** The read form's schema of a field (a dispute's, for what only a dispute has). */
const schemaOf = (name: TicketFieldName) => (ticketField(name).only === 'dispute' ? disputeRead : faultRead)![name];

describe('ticketFieldSamples', () => {
  it('has samples for the table fields and no others', () => {
    expect(Object.keys(ticketFieldSamples).sort()).toEqual([...ticketFieldNames].sort());
  });

  it.each(ticketFieldNames)('%s: every sample is valid for its schema', (name) => {
    const schema = schemaOf(name);
    expect(schema, `${name} is in the schema`).toBeDefined();
    for (const sample of ticketFieldSamples[name]) expect(schema!.safeParse(sample).success, String(sample)).toBe(true);
    // A sample is a value the schema refuses to be confused with: the empty string is no answer at all.
    expect(ticketFieldSamples[name]).not.toContain('');
  });

  it.each(ticketFieldNames.filter((name) => ticketField(name).sort !== undefined && ['text', 'longText', 'word'].includes(ticketField(name).show)))(
    '%s: a text the service sorts by has two or more different samples',
    (name) => {
      expect(new Set<unknown>(ticketFieldSamples[name]).size).toBeGreaterThanOrEqual(2);
    },
  );

  it.each(ticketFieldNames.filter((name) => ticketField(name).show === 'choice'))('%s: a choice samples its own options', (name) => {
    for (const sample of ticketFieldSamples[name]) expect(ticketField(name).options).toContain(sample);
  });
});
