/**
 * Test support: one more plain field, added as the recipe "Add a field" of ARCHITECTURE.md adds one (its schema, its
 * row in the field table, its sample, its words), for a test to show that everything else follows from those. Each
 * part goes in through `vi.mock` of its module, before anything reads it:
 *
 *   vi.mock('../domain/ticket', async (original) => (await import('../testing/extra-field')).withExtraSchema(await original()));
 *
 * The table and the samples are the real modules with the row added (their lists are the real lists, one longer), so
 * the test runs the real derivations.
 */
import { text } from '../domain/common';
import type * as TicketModule from '../domain/ticket';
import type * as SamplesModule from '../domain/ticket-field-samples';
import type { TicketField } from '../domain/ticket-fields';
import type * as FieldsModule from '../domain/ticket-fields';
import * as z from '../domain/zod';

/** The added field: entered on the wizard's first step, a shown column, sorted by. */
export const extraField = {
  name: 'sourceSystemTest',
  row: {
    label: 'fields.sourceSystemTest',
    read: 'text',
    show: 'text',
    input: { step: 'ticket', width: 20 },
    detail: 'ticket',
    column: { shown: true },
    sort: 'list',
  } satisfies TicketField,
  samples: ['SAP-CRM-7', 'Portal-2', 'EDI-Gateway'],
  words: { en: 'Originating system (test)', de: 'Ursprungssystem (Test)' },
} as const;

const { name } = extraField;

/** The schema with the field among the agent's inputs (`commonInput`: a fault's and a dispute's). */
export function withExtraSchema(actual: typeof TicketModule): typeof TicketModule {
  const extra = { [name]: text(1, 40).optional() };
  const FaultTicketFvoFault = actual.FaultTicketFvoFault.extend(extra);
  const FaultTicketFvoDispute = actual.FaultTicketFvoDispute.extend(extra);
  const [faultRead, disputeRead] = actual.FaultTicket.options;
  return {
    ...actual,
    FaultTicketFvoFault,
    FaultTicketFvoDispute,
    FaultTicketFvo: z.discriminatedUnion('ticketType', [FaultTicketFvoFault, FaultTicketFvoDispute]),
    FaultTicket: z.discriminatedUnion('ticketType', [faultRead.extend(extra), disputeRead.extend(extra)]),
  } as unknown as typeof TicketModule;
}

/** The field table with the row at its end, and every list the module derives from the table rebuilt from it. */
export function withExtraRow(actual: typeof FieldsModule): typeof FieldsModule {
  Object.assign(actual.ticketFields, { [name]: extraField.row });
  const names = actual.ticketFieldNames as string[];
  names.push(name);
  const rebuild = (list: string[], test: (field: TicketField) => boolean) =>
    list.splice(0, list.length, ...names.filter((n) => test((actual.ticketFields as Record<string, TicketField>)[n]!)));
  rebuild(actual.ticketInputNames, (field) => field.input !== undefined);
  rebuild(actual.ticketColumnNames, (field) => field.column !== undefined);
  rebuild(actual.ticketFilterNames, (field) => field.filter !== undefined);
  rebuild(actual.ticketSortNames, (field) => field.sort !== undefined);
  return actual;
}

/** The samples with the field's line. */
export function withExtraSample(actual: typeof SamplesModule): typeof SamplesModule {
  Object.assign(actual.ticketFieldSamples, { [name]: extraField.samples });
  return actual;
}
