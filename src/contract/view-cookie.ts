/**
 * The cookie in which the browser tells the server how it shows the console (docs/architecture.md, "The
 * first view from the server"): the theme, and the locale and time zone it writes dates in. The client
 * writes it on every start and on every theme change; the server renders a page's first view only when
 * it reads one, so that its markup is what the browser itself would render.
 */
export const VIEW_COOKIE = 'rm_view';

export type ViewPreferences = { theme: 'light' | 'dark'; locale: string; timeZone: string };

/** Longest value read: a locale tag and an IANA zone are far shorter. */
const MAX_VIEW_COOKIE = 200;

/** The cookie's value: `<theme>|<locale>|<time zone>`, each URI-encoded. */
export function encodeViewCookie(view: ViewPreferences): string {
  return [view.theme, view.locale, view.timeZone].map(encodeURIComponent).join('|');
}

/** The preferences a cookie value names; undefined for anything else (a stale or edited cookie). */
export function parseViewCookie(value: string | undefined): ViewPreferences | undefined {
  if (!value || value.length > MAX_VIEW_COOKIE) return undefined;
  const parts = value.split('|');
  if (parts.length !== 3) return undefined;
  let decoded: string[];
  try {
    decoded = parts.map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [theme, locale, timeZone] = decoded;
  if ((theme !== 'light' && theme !== 'dark') || !locale || !timeZone) return undefined;
  return { theme, locale, timeZone };
}
