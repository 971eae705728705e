/**
 * ARCHITECTURE.md "Add an event kind", applied by tests: a made-up event with one new payload field, as its row of the
 * event table and its panel line in both catalogues. A test replaces those three modules with `withExtraKind`,
 * `withExtraWordsEn` and `withExtraWordsDe` (vi.mock) and sees the kind in the routes, the stream, the effects and the
 * panel without any other change.
 */
import type * as EventKinds from '../domain/event-kinds';
import type { EventKindRow } from '../domain/event-kinds';

export const EXTRA_NAME = 'TroubleTicketAppointmentSetEvent';
export const EXTRA_PATH = '/listener/troubleTicketAppointmentSetEvent';
/** The new payload field: the ticket's agreed visit. */
export const EXTRA_FIELD = 'appointmentDate';

export const extraRow: EventKindRow = {
  resource: 'troubleTicket',
  keep: ['status', EXTRA_FIELD],
  opens: { page: 'ticket' },
  toast: true,
  refresh: { tickets: { detail: 'refetch', lists: 'ifShown', counts: 'always' } },
  line: { values: [EXTRA_FIELD] },
};

export const extraWords = { en: 'Visit agreed for {{appointmentDate}}', de: 'Termin vereinbart für {{appointmentDate}}' };

/** The table module with the extra row last, and everything the module derives from its table. */
export function withExtraKind(original: typeof EventKinds): typeof EventKinds {
  const table = { ...original.eventKinds, [EXTRA_NAME]: extraRow } as typeof original.eventKinds;
  const list = original.kindsOf(table);
  return { ...original, eventKinds: table, eventKindList: list, eventKindOf: (name) => list.find((kind) => kind.name === name) };
}

type PanelWords = { kind: Record<string, string> };

/** A panel catalogue with the extra kind's line. */
export function withExtraWords<Words extends PanelWords>(words: Words, line: string): Words {
  return { ...words, kind: { ...words.kind, [EXTRA_NAME]: line } };
}
