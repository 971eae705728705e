/**
 * Reading the `data` of a relay `notification` message: zod and the event schemas. Loaded with the first notification
 * (./event-stream.ts), not with the connection: most of a session's first seconds bring no event, and evaluating zod
 * and the schemas would hold a slow phone's main thread for two long tasks (decision 0059).
 */
import * as z from '../../../domain/zod';
import { EventEnvelope } from '../../../domain/event';

/** The envelope is read tolerantly: unknown fields pass. */
const RelayData = z.looseObject({
  eventType: z.string(),
  receivedAt: z.string(),
  envelope: EventEnvelope.nullable(),
});

export type RelayData = z.infer<typeof RelayData>;

/** The message's data as the relay contract says it is, or null for anything else (dropped, never shown half). */
export function readRelayData(data: unknown): RelayData | null {
  const parsed = RelayData.safeParse(data);
  return parsed.success ? parsed.data : null;
}
