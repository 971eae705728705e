/**
 * The events a TMF621 v5 provider POSTs to its client's listener, in the official v5.0.1 envelope (decisions.md
 * "Events"): `@type` and `eventType` name the event, `event` carries the whole resource as the service answers it
 * (every Extensible object typed, mocks/v5-shapes.ts). One store event may make several: a resolution is a status
 * change and a TroubleTicketResolvedEvent; a ticket created through the API that goes to `pending` is also a request
 * for information, as in the demo's relay.
 */
import { askedForPaths } from './events';
import type { Store, StoreEvent } from './store';
import { withV5Types } from './v5-shapes';

export type ProviderEvent = { eventType: string; envelope: Record<string, unknown> };

type Ids = () => string;

/** The source of every event: the provider's system, as an EntityRef would name it. */
const DOMAIN = 'TroubleTicket';

export function createProviderEvents(store: Store, randomId: Ids = () => globalThis.crypto.randomUUID()) {
  // Tickets created through the API: when one goes to pending by itself, the provider says what it needs.
  const created = new Set<string>();

  function envelope(eventType: string, at: string, event: Record<string, unknown>, extra: Record<string, unknown> = {}): ProviderEvent {
    return {
      eventType,
      envelope: { '@type': eventType, eventId: randomId(), eventTime: at, eventType, timeOccurred: at, domain: DOMAIN, ...extra, event },
    };
  }

  const ticketOf = (id: string): Record<string, unknown> => {
    const ticket = store.ticket(id);
    return ticket ? withV5Types(ticket) : { '@type': 'FaultTicket', id, href: `${store.baseUrl}/troubleTicket/${id}` };
  };

  function informationRequired(id: string, at: string, path: string): ProviderEvent {
    return envelope(
      'TroubleTicketInformationRequiredEvent',
      at,
      { troubleTicket: ticketOf(id), informationRequired: { op: 'add', path } },
      { title: 'Information required', description: `The provider needs ${path} of ticket ${id}` },
    );
  }

  /** The events one store event makes, in the order a provider sends them. */
  return function eventsOf(change: StoreEvent): ProviderEvent[] {
    if (change.type === 'created') {
      const { resource, id, at } = change.created;
      if (resource === 'troubleTicket') {
        created.add(id);
        return [envelope('TroubleTicketCreateEvent', at, { troubleTicket: ticketOf(id) })];
      }
      const order = store.cancelOrder(id);
      return [envelope('CancelProductOrderStateChangeEvent', at, { cancelProductOrder: order ?? { id } })];
    }
    if (change.type === 'change') {
      const { resource, id, to, at, onPurpose } = change.change;
      if (resource === 'cancelProductOrder') {
        return [envelope('CancelProductOrderStateChangeEvent', at, { cancelProductOrder: store.cancelOrder(id) ?? { id, state: to } })];
      }
      const events = [envelope('TroubleTicketStatusChangeEvent', at, { troubleTicket: ticketOf(id) })];
      if (to === 'resolved') events.push(envelope('TroubleTicketResolvedEvent', at, { troubleTicket: ticketOf(id) }));
      // A request for information made on purpose (Store.act) comes as its own notice, after this change.
      if (to === 'pending' && created.has(id) && !onPurpose) {
        for (const path of askedForPaths(id)) events.push(informationRequired(id, at, path));
      }
      return events;
    }
    const { notice } = change;
    switch (notice.kind) {
      case 'informationRequired':
        return [informationRequired(notice.id, notice.at, notice.path)];
      case 'jeopardy':
        return [
          envelope('TroubleTicketJeopardyAlertEvent', notice.at, { troubleTicket: ticketOf(notice.id) }, {
            title: 'Resolution in jeopardy',
            description: `Ticket ${notice.id} will not be resolved by its expected date; new expected date ${String(store.ticket(notice.id)?.expectedResolutionDate ?? 'unknown')}`,
            priority: 'high',
          }),
        ];
      case 'milestone':
        return [envelope('TroubleTicketMilestoneEvent', notice.at, { troubleTicket: ticketOf(notice.id) }, { title: notice.milestone, description: `Milestone reached: ${notice.milestone}` })];
      case 'attributeChange':
        return [envelope('TroubleTicketAttributeValueChangeEvent', notice.at, { troubleTicket: ticketOf(notice.id) }, { description: `Changed: ${notice.fields.join(', ')}` })];
    }
  };
}
