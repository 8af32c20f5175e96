/** Resource types the server records; 'all' sends no filter. */
export const auditResourceTypes = [
  'session',
  'user',
  'tenant',
  'web-app',
  'capability',
  'configuration-version',
  'notification-template',
  'microfrontend',
  'mesh',
  'deployment',
  'settings',
] as const;

export const ALL = 'all';

function localDay(value: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
}

/** The start of a local calendar day (yyyy-mm-dd) as an ISO date-time; undefined when not a date. */
export function startOfLocalDay(value: string): string | undefined {
  const day = localDay(value);
  return day ? new Date(day[0], day[1], day[2], 0, 0, 0, 0).toISOString() : undefined;
}

/** The last millisecond of a local calendar day (yyyy-mm-dd) as an ISO date-time. */
export function endOfLocalDay(value: string): string | undefined {
  const day = localDay(value);
  return day ? new Date(day[0], day[1], day[2], 23, 59, 59, 999).toISOString() : undefined;
}
