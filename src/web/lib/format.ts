import { environmentShortNames, technologyNames } from '@contract/vocabulary';
import { labelOf } from '@contract/sets';
import { inRenderZone, renderLocale } from '@/lib/render-environment';

/** A timestamp as a local date, or 'N/A' when missing or unparseable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat().format(date);
}

let localDateFormat:
  { locale: string | undefined; zone: string | undefined; format: Intl.DateTimeFormat } | undefined;

/**
 * The browser's short date format, as `toLocaleDateString()` writes it (in a server render, the visitor's:
 * lib/render-environment.ts). Built once per locale and zone: that method builds a formatter on every call,
 * a third of a millisecond each, which a list paid for every row on first render.
 */
function dateFormat(): Intl.DateTimeFormat {
  const locale = renderLocale();
  const zone = inRenderZone().timeZone;
  const kept = localDateFormat;
  if (kept && kept.locale === locale && kept.zone === zone) return kept.format;
  const format = new Intl.DateTimeFormat(locale, inRenderZone());
  localDateFormat = { locale, zone, format };
  return format;
}

/**
 * A date and time as this browser writes them, `toLocaleString(undefined, options)`; in a server render,
 * as the visitor's browser would (lib/render-environment.ts), so that hydration finds the same text.
 */
export function formatLocaleDateTime(date: Date, options?: Intl.DateTimeFormatOptions): string {
  return date.toLocaleString(renderLocale(), inRenderZone(options));
}

/** A time of day as this browser writes it, `toLocaleTimeString(undefined, options)` (as above). */
export function formatLocaleTime(date: Date, options?: Intl.DateTimeFormatOptions): string {
  return date.toLocaleTimeString(renderLocale(), inRenderZone(options));
}

/** A date as this browser writes it, `toLocaleDateString(undefined, options)` (as above). */
export function formatLocaleDate(date: Date, options?: Intl.DateTimeFormatOptions): string {
  return date.toLocaleDateString(renderLocale(), inRenderZone(options));
}

/** development Dev, uat UAT, production Prod; other values raw (docs/product.md, Labels). */
export const environmentLabel = labelOf(environmentShortNames);

/** module-federation Module Federation, web-component Web Component, iframe-composition Iframe Composition; others raw. */
export const technologyLabel = labelOf(technologyNames);

/**
 * Avatar fallback, at most 2 characters: the initials of the first two words, or the first two
 * letters of a single-word name, upper-cased.
 */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (!first) return '';
  // Array.from splits by code point, so a surrogate pair is never cut in half.
  if (!second) return Array.from(first).slice(0, 2).join('').toUpperCase();
  return `${Array.from(first)[0] ?? ''}${Array.from(second)[0] ?? ''}`.toUpperCase();
}
