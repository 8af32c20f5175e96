import { AUDIT_RESOURCE_TYPES, resourceTypes } from '@contract/resource-types';

/**
 * The Resource type filter's options: every audited type, by its label, from the registry (a type the
 * server records is never missing here, nor spelled otherwise).
 */
export const auditResourceTypeOptions = AUDIT_RESOURCE_TYPES.map((type) => ({
  value: type,
  label: resourceTypes[type].label,
})).sort((a, b) => a.label.localeCompare(b.label));

/** The option that sends no filter. */
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
