/**
 * Wall-clock times in IANA time zones, with nothing but Intl: a schedule is typed as the local time of
 * a zone ("2026-12-01T09:00" in Europe/Berlin) and stored as the instant it names.
 */

/** "YYYY-MM-DDTHH:mm" or with seconds, as an `<input type="datetime-local">` gives it. */
export const LOCAL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in minutes (Berlin in winter: 60). */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant a local time names in a zone, as an ISO string; undefined when the text is not a valid
 * local time. A time inside a daylight-saving gap moves forward by the gap, as clocks do.
 */
export function instantOfLocalTime(localTime: string, timeZone: string): string | undefined {
  const match = LOCAL_TIME_PATTERN.exec(localTime);
  if (!match || !isTimeZone(timeZone)) return undefined;
  // The pattern has six groups, each digits (the seconds may be absent: 0).
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  // Two passes: the offset at the first guess can differ from the offset at the answer near a change.
  const guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(guess, timeZone) * 60_000).toISOString();
}

/** An instant as the local time of a zone, "YYYY-MM-DDTHH:mm:ss" (the inverse of instantOfLocalTime). */
export function localTimeOf(instant: string, timeZone: string): string {
  const ms = Date.parse(instant);
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return local.toISOString().slice(0, 19);
}
