// Event envelopes that carry hostile strings in title, description and the resource's id, for the demo's relay
// (`window.__demoEvents.emit`, /work/briefs/relay-contract.md): the notifications panel must show them as text.
import type { Page } from '@playwright/test';
import { demoServiceRunning } from '../support/demo-service';
import type { HostileString } from './corpus';

/** Event types whose resources the panel words differently: a ticket link, a cancellation link, a bare resource id. */
const kinds = [
  { eventType: 'TroubleTicketStatusChangeEvent', resource: 'troubleTicket', extra: { status: 'resolved' } },
  { eventType: 'CancelProductOrderStateChangeEvent', resource: 'cancelProductOrder', extra: { state: 'done' } },
  { eventType: 'TroubleTicketAttributeValueChangeEvent', resource: 'troubleTicket', extra: {} },
  { eventType: 'ProductOrderCreateEvent', resource: 'productOrder', extra: {} },
] as const;

export function hostileEnvelope(entry: HostileString, run: string) {
  const kind = kinds[entry.id % kinds.length];
  return {
    eventId: `hostile-${run}-${entry.id}`,
    eventTime: new Date().toISOString(),
    eventType: kind.eventType,
    title: entry.text,
    description: entry.text,
    event: { [kind.resource]: { id: entry.text, ...kind.extra } },
  };
}

/** Sends the envelopes through the demo's relay, as the service's events would arrive. */
export async function emitThroughDemoRelay(page: Page, envelopes: object[]): Promise<void> {
  await demoServiceRunning(page);
  await page.evaluate((all) => {
    const relay = (window as unknown as { __demoEvents?: { emit(envelope: object): void } }).__demoEvents;
    if (!relay) throw new Error('window.__demoEvents is missing: not a demo build?');
    for (const envelope of all) relay.emit(envelope);
  }, envelopes);
}
