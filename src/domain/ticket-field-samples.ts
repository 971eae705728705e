/**
 * Sample values of the field table's plain fields (./ticket-fields.ts), one line per field: the first is the value of
 * the test fixtures (src/testing/fixtures.ts `maximalFault`, `createdTicket`, the full wizard form of
 * src/testing/entry-values.ts), all of them the values the mocked service's seed draws from (mocks/seed.ts) for a field
 * it does not seed by hand. A text the list sorts by needs two or more, so that the seed's tickets differ in it. Each
 * must be valid for the field's schema (./ticket-field-samples.test.ts). The app does not import this file.
 */
import type { ticketFields, TicketFieldName } from './ticket-fields';

type Table = typeof ticketFields;

/** A yes/no field's sample is a boolean, a choice's one of its options, any other field's a string. */
export type TicketFieldSample<K extends TicketFieldName> = Table[K] extends { show: 'yesNo' }
  ? boolean
  : Table[K] extends { options: readonly (infer O extends string)[] }
    ? O
    : string;

export type TicketFieldSamples = { readonly [K in TicketFieldName]: readonly [TicketFieldSample<K>, ...TicketFieldSample<K>[]] };

export const ticketFieldSamples: TicketFieldSamples = {
  name: ['Totalausfall Köln', 'Sync-Abbrüche – Bonn'],
  severity: ['Major', 'Critical', 'Minor'],
  priority: ['High', 'Medium', 'Low'],
  categoryId: ['CAT-01', 'TAL', 'BSA-VD'],
  description: ['No sync since 06:00; modem LEDs red.', 'Verbindung bricht mehrmals täglich ab.'],
  resolutionDisputeReason: ['The line still drops every evening.', 'Störung besteht weiterhin.'],
  accessLineId: ['DEU.DTAG.ABC1234567', 'DEU.NECO.XYZ7654321'],
  networkTerminationLocation: ['Basement, room 2, left wall', 'EG Flur, APL im Treppenhaus'],
  expressFaultResolution: ['oneTime', 'standard', 'none'],
  endUserContactAllowed: [true, false],
  endUserAppointmentIsNecessary: [true, false],
  interimMessagesRequested: [true, false],
  creationDate: ['2026-12-01T10:00:00Z'],
  lastUpdateDate: ['2026-12-01T10:05:00+00:00'],
  requestedResolutionDate: ['2026-12-03T18:00:00+01:00'],
  expectedResolutionDate: ['2026-12-02T18:00:00+01:00'],
  resolutionDate: ['2026-12-02T17:00:00+01:00'],
  statusChangeDate: ['2026-12-01T10:05:00Z'],
  statusChangeReason: ['Technician assigned', 'Messung am Port gestartet'],
};

/** The first sample of a field: the fixtures' value. */
export const sampleOf = <K extends TicketFieldName>(name: K): TicketFieldSample<K> => ticketFieldSamples[name][0] as TicketFieldSample<K>;
