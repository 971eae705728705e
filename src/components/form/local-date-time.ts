/**
 * Between a datetime-local input ("2026-12-01T10:00", the agent's wall clock) and an RFC 3339 date-time with the
 * local offset ("2026-12-01T10:00:00+01:00"), as the interface's date-time fields want it (decisions.md).
 */

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "+01:00" for a Date whose local zone is one hour ahead of UTC at that moment. */
function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

function localParts(date: Date, withSeconds: boolean): string {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return `${day}T${time}${withSeconds ? `:${pad(date.getSeconds())}` : ''}`;
}

/**
 * "2026-12-01T10:00" -> "2026-12-01T10:00:00+01:00" in the browser's zone; '' stays ''. A wall-clock time that does
 * not exist (the hour skipped when summer time starts) is moved forward by the gap, as the browser's Date does; an
 * hour that occurs twice (when summer time ends) is read as its first occurrence. Anything unreadable is returned
 * unchanged, so the schema reports it instead of the value silently disappearing.
 */
export function localToIso(local: string): string {
  const match = localPattern.exec(local);
  if (!match) return local;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  if (Number.isNaN(date.getTime())) return local;
  return `${localParts(date, true)}${offsetOf(date)}`;
}

/** "2026-12-01T09:00:00Z" -> "2026-12-01T10:00" in Berlin (seconds only when they are not 0); '' or unreadable -> ''. */
export function isoToLocal(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return localParts(date, date.getSeconds() !== 0);
}

/** The browser's IANA zone, e.g. "Europe/Berlin" (what the agent's clock shows). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
