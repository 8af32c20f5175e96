import type { Change, CreateChangeRequestBody } from '@contract/changes';

/** What the request fields hold, besides the change itself. */
export type RequestOptions = {
  description: string;
  /** "Schedule for later" is ticked. */
  scheduled: boolean;
  /** As a datetime-local input gives it: YYYY-MM-DDTHH:mm[:ss]. */
  localTime: string;
  timeZone: string;
  /** "Bypass approval" is ticked (global administrators only). */
  bypass: boolean;
  reason: string;
};

/** The browser's own zone, which a schedule defaults to. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const defaultRequestOptions = (): RequestOptions => ({
  description: '',
  scheduled: false,
  localTime: '',
  timeZone: browserTimeZone(),
  bypass: false,
  reason: '',
});

/** Every zone the browser knows, with the default one always among them. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return known.includes(current) ? known : [current, ...known];
}

/** A bypass needs its reason and a schedule its time; the rest is optional. */
export function requestOptionsValid(options: RequestOptions, canBypass: boolean): boolean {
  if (canBypass && options.bypass && options.reason.trim() === '') return false;
  if (options.scheduled && !(canBypass && options.bypass) && options.localTime === '') return false;
  return true;
}

/** Without fractional seconds, which some datetime-local inputs add ("09:30:15.000") and the server refuses. */
const wholeSeconds = (localTime: string) => localTime.replace(/(T\d{2}:\d{2}:\d{2})\.\d+$/, '$1');

/** The POST /api/change-requests body; a bypass applies now, so it carries no schedule. */
export function toChangeRequestBody(
  change: Change,
  options: RequestOptions,
  canBypass: boolean,
): CreateChangeRequestBody {
  const bypass = canBypass && options.bypass;
  const description = options.description.trim();
  return {
    change,
    ...(description ? { description } : {}),
    ...(options.scheduled && !bypass
      ? { schedule: { localTime: wholeSeconds(options.localTime), timeZone: options.timeZone } }
      : {}),
    ...(bypass ? { bypassReason: options.reason.trim() } : {}),
  };
}
