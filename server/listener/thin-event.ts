/** The relay's `data` as an agent's stream carries it: the envelope made thin by the domain's thinEvent (decision 0053). */
import { thinEvent, type Json } from '../../src/domain/thin-event';
import type { RelayedEvent } from './event-bus';

export { thinEvent } from '../../src/domain/thin-event';

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The relay's `data` (`{eventType, receivedAt, envelope}`, JSON) with a thin envelope, thinned by its listener's row of
 * the event table (`keep`); anything unreadable becomes null.
 */
export function thinRelayData(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    parsed = undefined;
  }
  if (!isRecord(parsed)) return JSON.stringify({ envelope: null });
  return JSON.stringify({ eventType: parsed.eventType, receivedAt: parsed.receivedAt, envelope: thinEvent(isRecord(parsed.envelope) ? parsed.envelope : null, typeof parsed.eventType === 'string' ? parsed.eventType : undefined) });
}

/** What an agent's stream carries of an event, made once per event however many streams send it. */
const thinData = new WeakMap<RelayedEvent, string>();
export function relayedData(event: RelayedEvent): string {
  let data = thinData.get(event);
  if (data === undefined) {
    data = thinRelayData(event.data);
    thinData.set(event, data);
  }
  return data;
}
