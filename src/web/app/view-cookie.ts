import { encodeViewCookie, VIEW_COOKIE, type ViewPreferences } from '@contract/view-cookie';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/**
 * Tells the server how this browser shows the console (src/contract/view-cookie.ts): the theme, and the
 * locale and time zone this browser writes dates in, so that a page the server renders matches it.
 */
export function rememberView(theme: ViewPreferences['theme']): void {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const value = encodeViewCookie({ theme, locale, timeZone });
  document.cookie = `${VIEW_COOKIE}=${value}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
