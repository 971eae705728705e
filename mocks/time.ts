/** Date-times as a German provider writes them: RFC 3339 with the Europe/Berlin offset (+01:00 or +02:00). */

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const dstCache = new Map<number, [start: number, end: number]>();

/** EU summer time runs from the last Sunday of March to the last Sunday of October, switching at 01:00 UTC. */
function summerTime(year: number): [number, number] {
  let span = dstCache.get(year);
  if (!span) {
    const lastSunday = (month: number) => {
      const d = new Date(Date.UTC(year, month + 1, 0, 1));
      d.setUTCDate(d.getUTCDate() - d.getUTCDay());
      return d.getTime();
    };
    span = [lastSunday(2), lastSunday(9)];
    dstCache.set(year, span);
  }
  return span;
}

export function berlinOffsetMinutes(ms: number): number {
  // The average Gregorian year is close enough: both switches lie months away from New Year.
  const [start, end] = summerTime(1970 + Math.floor(ms / 31_556_952_000));
  return ms >= start && ms < end ? 120 : 60;
}

/** `2026-11-01T08:00:00+01:00`; whole seconds, as the service would send them. */
export function toBerlinIso(date: Date | number): string {
  const ms = typeof date === 'number' ? date : date.getTime();
  const offset = berlinOffsetMinutes(ms);
  // toISOString and one concatenation keep the string small: the seed holds a million of them.
  return new Date(ms + offset * MINUTE).toISOString().slice(0, 19) + (offset === 60 ? '+01:00' : '+02:00');
}
