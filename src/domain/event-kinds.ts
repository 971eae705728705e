/**
 * The events in one table: one row per listener path (interface.md 4.3, decisions.md "Events"), keyed by the event's
 * name, saying what the receiver accepts, what an agent's stream carries of it, what it does in the app and how the
 * panel words it. Derived from it: the receiver's routes (server/listener/listener-routes.ts, through ./event.ts's
 * `listeners`), the thin event (./thin-event.ts, decision 0053), the event effects and the panel's entry
 * (src/features/notifications/model/event-effects.ts), the notification store's storage checks and the panel's words
 * (`notificationsPanel.kind.<name>`, checked by the typecheck in both languages). The envelope's schema stays in
 * ./event.ts. Recipe: ARCHITECTURE.md "Add an event kind".
 */

/**
 * Resource fields every event keeps on an agent's stream, whatever its row says: identity (with the older `externalId`,
 * decision 0027; of `externalIdentifier` only each entry's `id`).
 */
export const IDENTITY_FIELDS = ['id', 'href', '@type', 'externalId', 'externalIdentifier'] as const;

/** The status, state or lifecycle an event may carry, with its dates: what the panel shows and follows. */
export const STATE_FIELDS = ['status', 'state', 'lifecycleStatus', 'statusChangeDate', 'lastUpdate', 'lastUpdateDate', 'expectedResolutionDate', 'resolutionDate'] as const;

/**
 * Fields with a shape of their own on the stream (./thin-event.ts): what is asked for as JSON Patch operations (`op`
 * and `path`, never a `value`), and the ticket a request or cancellation points at (identity only). Any other kept
 * field passes only as a string or a number: an object where a status goes is dropped, not relayed whole.
 */
export const SHAPED_FIELDS = ['informationRequiredPath', 'informationRequired', 'troubleTicket'] as const;

/** A family of the app's queries an event may make stale (src/lib/query-keys.ts). */
export type QueryFamily = 'tickets' | 'cancelOrders';

/**
 * When an event makes a family's lists or counts stale: `always`; `unlessShown`: only when no cached list row shows the
 * resource it names (a row that shows it took the event's state directly; one it is not in may be missing it: a new
 * ticket, one that now matches a filter); `ifShown`: only when a cached list row shows it (the row may now read
 * differently, in fields the event does not carry); `never`.
 */
export type RefreshWhen = 'always' | 'unlessShown' | 'ifShown' | 'never';

/**
 * How an event refreshes one family of queries (issue 42, docs/decisions/2026-11-28-an-event-changes-what-it-names.md).
 * `detail`: `patch`: the cached resource the event names (its detail and the list rows showing it) takes the state the
 * event carries (its row's `keep`: status, state and their dates) without a fetch; `refetch`: the event says something
 * changed that it does not carry (an attribute, a milestone, a request about the ticket), so the detail it names is made
 * stale; `none`: a new resource, nothing cached. `lists` and `counts`: when they are made stale ({@link RefreshWhen}). Whatever is made stale is
 * refetched at most once per few seconds, only while on screen in a visible tab (src/api/query-client.ts#scheduleRefresh);
 * a hidden tab refetches once when shown.
 */
export type RefreshRule = { detail: 'patch' | 'refetch' | 'none'; lists: RefreshWhen; counts: RefreshWhen };

/** It carries the new state: patched in place; lists only if the resource is not in one (it may belong there now); counts by status. */
const NEW_STATE: RefreshRule = { detail: 'patch', lists: 'unlessShown', counts: 'always' };
/** Something changed that the event does not carry: the detail and the rows showing it are refetched; counts may change (a date, a status). */
const CHANGED: RefreshRule = { detail: 'refetch', lists: 'ifShown', counts: 'always' };
/** Nothing of the resource's own fields changed that a list or a count shows (a jeopardy alert, a milestone): its detail only. */
const NOTED: RefreshRule = { detail: 'refetch', lists: 'never', counts: 'never' };
/** A new resource: every list and count may now hold it. */
const CREATED: RefreshRule = { detail: 'none', lists: 'always', counts: 'always' };

/** Where the new status sits: `ticket` read by the ticket reader (so older spellings read alike), else the field as sent. */
export type StatusSource = { field: 'ticket' | 'state' | 'lifecycleStatus'; implied?: string };

export type EventKindRow = {
  /** The key under `event` that carries the resource (TMF621 v5.0.1; named in the row, never derived from the name). */
  resource: string;
  /** Other keys under `event` accepted for it, read tolerantly (decisions.md "Events"). */
  alsoUnder?: readonly string[];
  /** The body may be left out (the receiver relays `envelope: null`); else a POST without one is a 400. */
  bodyOptional?: true;
  /** Its content type names the charset (`application/json;charset=utf-8`); else `application/json`. */
  charset?: true;
  /**
   * Fields of its resource (and keys beside it under `event`) an agent's stream carries besides IDENTITY_FIELDS
   * (decision 0053). Every other field stays in the receiver: a new payload field is relayed only once it is named here.
   */
  keep: readonly string[];
  /** The page the app has for it: the resource's own id, or that of the ticket it points at (`via`). */
  opens?: { page: 'ticket' | 'cancelOrder'; via?: 'troubleTicket' };
  /** It carries the resource's new status (the panel shows it as "now …"). */
  status?: StatusSource;
  /** A toast says so when the resource it opens is on screen (a detail page, a visible list row). */
  toast?: true;
  /** Which of the app's queries it makes stale, and how (the columns issue 42 extends). */
  refresh?: Partial<Record<QueryFamily, RefreshRule>>;
  /**
   * The panel's line: its words are `notificationsPanel.kind.<name>` in both catalogues. `values`: kept fields of the
   * resource the words show (`{{field}}`), stored with the entry. `about`: how the resource is named when the app has
   * no page for it ("Resource …", or "Ticket specification …").
   */
  line?: { values?: readonly string[]; about?: 'specification' };
};

const ticket = { resource: 'troubleTicket', keep: STATE_FIELDS, opens: { page: 'ticket' }, refresh: { tickets: CHANGED } } as const;
const specification = { resource: 'troubleTicketSpecification', keep: STATE_FIELDS, line: { about: 'specification' } } as const;
const productOrder = { resource: 'productOrder', bodyOptional: true, charset: true, keep: STATE_FIELDS } as const;
const appointment = { resource: 'appointment', keep: STATE_FIELDS } as const;
const searchTimeSlot = { resource: 'searchTimeSlot', keep: STATE_FIELDS } as const;
// The state it carries is the request's, not the ticket's: the ticket it points at is refetched.
const pointsAtTicket = { keep: [...STATE_FIELDS, 'troubleTicket'], opens: { page: 'ticket', via: 'troubleTicket' }, refresh: { tickets: CHANGED } } as const;

/** In interface.md 4.3's order. */
export const eventKinds = {
  // Ticket and specification listeners.
  CancelTroubleTicketStateChangeEvent: { resource: 'cancelTroubleTicket', ...pointsAtTicket },
  InflightChangeTroubleTicketStateChangeEvent: { resource: 'inflightChangeTroubleTicket', ...pointsAtTicket },
  TroubleTicketJeopardyAlertEvent: { ...ticket, bodyOptional: true, charset: true, refresh: { tickets: NOTED } },
  TroubleTicketMilestoneEvent: { ...ticket, bodyOptional: true, charset: true, refresh: { tickets: NOTED } },
  TroubleTicketAttributeValueChangeEvent: ticket,
  TroubleTicketCreateEvent: { ...ticket, refresh: { tickets: CREATED } },
  TroubleTicketInformationRequiredEvent: {
    ...ticket,
    // The official OAS's JSON Patch beside the ticket; the other TMF v5 APIs' form (decision 0049).
    alsoUnder: ['troubleTicketInformationRequired'],
    keep: [...STATE_FIELDS, 'informationRequiredPath', 'informationRequired', 'troubleTicket'],
  },
  TroubleTicketResolvedEvent: { ...ticket, status: { field: 'ticket', implied: 'resolved' }, toast: true, refresh: { tickets: NEW_STATE } },
  TroubleTicketStatusChangeEvent: { ...ticket, status: { field: 'ticket' }, toast: true, refresh: { tickets: NEW_STATE } },
  TroubleTicketSpecificationAttributeValueChangeEvent: specification,
  TroubleTicketSpecificationCreateEvent: specification,
  TroubleTicketSpecificationDeleteEvent: specification,
  // A specification's lifecycle (TMF621 v5.0.1: inDesign, active, rejected, retired), shown as sent.
  TroubleTicketSpecificationStatusChangeEvent: { ...specification, status: { field: 'lifecycleStatus' } },
  // Product order listeners: body optional, charset for all.
  AddProductOrderInformationStateChangeEvent: { ...productOrder, resource: 'addProductOrderInformation' },
  AmendProductOrderStateChangeEvent: { ...productOrder, resource: 'amendProductOrder' },
  CancelProductOrderStateChangeEvent: {
    ...productOrder,
    resource: 'cancelProductOrder',
    opens: { page: 'cancelOrder' },
    status: { field: 'state' },
    toast: true,
    // The one count of cancellations is of all states: a new one (not in a list yet) may change it, a state change not.
    refresh: { cancelOrders: { detail: 'patch', lists: 'unlessShown', counts: 'unlessShown' } },
  },
  CloseProductOrderStateChangeEvent: { ...productOrder, resource: 'closeProductOrder' },
  ProductOrderAttributeValueChangeEvent: productOrder,
  ProductOrderCreateEvent: productOrder,
  ProductOrderInformationRequiredEvent: productOrder,
  ProductOrderJeopardyAlertEvent: productOrder,
  ProductOrderMilestoneEvent: productOrder,
  ProductOrderStateChangeEvent: productOrder,
  RescheduleProductOrderStateChangeEvent: { ...productOrder, resource: 'rescheduleProductOrder' },
  RespondProviderChangeStateChangeEvent: { ...productOrder, resource: 'respondProviderChange' },
  // Appointment and search time slot listeners: body required, plain JSON.
  AppointmentAttributeValueChangeEvent: appointment,
  AppointmentCreateEvent: appointment,
  AppointmentDeleteEvent: appointment,
  AppointmentStateChangeEvent: appointment,
  SearchTimeSlotAttributeValueChangeEvent: searchTimeSlot,
  SearchTimeSlotStateChangeEvent: searchTimeSlot,
} as const satisfies Record<string, EventKindRow>;

export type EventName = keyof typeof eventKinds;

/** A row with its name and what follows from it. */
export type EventKind = EventKindRow & {
  name: string;
  /** Relative to the receiver's base: `/listener/` and the name with a lower-case first letter. */
  path: string;
  contentType: 'application/json' | 'application/json;charset=utf-8';
  /** Every key under `event` accepted for it: `resource` first, then `alsoUnder`. */
  resources: readonly string[];
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A table's rows in its order, each with its path, content type and resource keys (a test may derive one with an extra row). */
export function kindsOf(table: Readonly<Record<string, EventKindRow>>): readonly EventKind[] {
  return Object.entries(table).map(([name, row]) => ({
    ...row,
    name,
    path: `/listener/${lowerFirst(name)}`,
    contentType: row.charset ? 'application/json;charset=utf-8' : 'application/json',
    resources: [row.resource, ...(row.alsoUnder ?? [])],
  }));
}

export const eventKindList: readonly EventKind[] = kindsOf(eventKinds);

const byName = new Map(eventKindList.map((kind) => [kind.name, kind]));

/** The row of an event name; undefined for a name the table does not have. */
export const eventKindOf = (name: string | undefined): EventKind | undefined => (name === undefined ? undefined : byName.get(name));
