/**
 * Event ids: `time in ms × 100 + n`, so a log started later never gives an id an earlier one gave, and a position
 * from before a restart is told apart from one of this log (decision 0029). 15 digits until the year 2286, inside
 * the relay contract's `^\d{1,15}$` and exact as a JavaScript number.
 */

export const IDS_PER_MS = 100;

/** The lowest position of a log started at `ms`: every id it gives is above it. */
export const floorAt = (ms: number): number => Math.floor(ms) * IDS_PER_MS;

/** The next id: one above the last, or the clock's floor when that is higher (ids follow time, not a counter). */
export const nextId = (last: number, ms: number): number => Math.max(last + 1, floorAt(ms));

/** The Redis stream entry id of an event id: `<ms>-<n>`, so the stream can be read by time (XRANGE) as usual. */
export const streamIdOf = (id: number): string => `${Math.floor(id / IDS_PER_MS)}-${id % IDS_PER_MS}`;

/** The event id of a Redis stream entry id made by streamIdOf. */
export function idOfStreamId(streamId: string): number {
  const match = /^(\d+)-(\d+)$/.exec(streamId);
  if (!match) throw new Error(`Not a stream entry id: ${streamId}`);
  return Number(match[1]) * IDS_PER_MS + Number(match[2]);
}
