import type { ChangeEvent, ChangeRequestStatus } from '@contract/changes';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatLocaleDateTime } from '@/lib/format';
import { inRenderZone, renderLocale } from '@/lib/render-environment';

/**
 * The browser's own IANA zone ("Europe/Berlin"), the default of the schedule dialog; in a server render,
 * the visitor's (lib/render-environment.ts), so a scheduled time's "your time" line matches.
 */
export function browserTimeZone(): string {
  return inRenderZone().timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** An instant as a date and time in `timeZone` (the viewer's when null), with the zone's short name. */
export function formatInstant(instant: string, timeZone?: string | null): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  try {
    return new Intl.DateTimeFormat(renderLocale(), {
      // dateStyle/timeStyle refuse timeZoneName: spell the fields out.
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: timeZone ?? inRenderZone().timeZone,
      timeZoneName: 'short',
    }).format(date);
  } catch {
    // A zone this browser does not know: the viewer's own time is still right.
    return formatLocaleDateTime(date);
  }
}

/** "on 1 Dec 2026, 09:00 GMT+1 (Europe/Berlin)": a scheduled time in the zone it was set in. */
export function formatScheduled(instant: string, timeZone: string | null): string {
  return `on ${formatInstant(instant, timeZone)}${timeZone ? ` (${timeZone})` : ''}`;
}

/** A timestamp in the viewer's zone, for "updated", "requested" and the timeline. */
export function formatTime(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : formatLocaleDateTime(date);
}

/** A timestamp in the viewer's zone, short ("11/23/26, 6:27 PM"), for the list's columns. */
export function formatShortTime(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime())
    ? instant
    : formatLocaleDateTime(date, { dateStyle: 'short', timeStyle: 'short' });
}

/** Badge look per status: open ones stand out, closed ones recede, failures warn. */
export const STATUS_VARIANTS: Record<ChangeRequestStatus, BadgeVariant> = {
  pending: 'default',
  scheduled: 'secondary',
  applied: 'outline',
  rejected: 'destructive',
  cancelled: 'outline',
  failed: 'destructive',
};

/** How each timeline event reads after its author's name. */
export const EVENT_LABELS: Record<ChangeEvent['kind'], string> = {
  request: 'requested the change',
  comment: 'commented',
  approve: 'approved',
  reject: 'rejected',
  refresh: 'refreshed the diff (approvals start again)',
  schedule: 'set the schedule',
  cancel: 'cancelled the request',
  apply: 'applied the change',
  fail: 'tried to apply the change, which failed',
  bypass: 'applied without approvals',
  reopen: 'moved the schedule beyond what was approved (approvals start again)',
  revert: 'reverted every change of the set, as one',
};

/** A JSON value of a diff side as text: strings as they are, the rest indented; nothing for null. */
export function diffText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
