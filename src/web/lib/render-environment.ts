/**
 * What a render reads of the browser beyond the page: its cookies (the sidebar's state), and the locale and
 * time zone it writes dates in. In the browser, its own; in a server render (src/web/ssr/), the visitor's,
 * set for the one render under way (the server renders one page at a time) from the request's cookies.
 */
export type ServerRenderEnvironment = { cookie: string; locale: string; timeZone: string };

let server: ServerRenderEnvironment | undefined;

/** Sets what a server render reads, or clears it once the render is done (undefined). */
export function setServerRenderEnvironment(environment: ServerRenderEnvironment | undefined): void {
  server = environment;
}

export function renderCookie(): string {
  return server?.cookie ?? document.cookie;
}

/** The locale dates are written in: undefined in the browser (its own), the visitor's on the server. */
export function renderLocale(): string | undefined {
  return server?.locale;
}

/** `options` in the zone dates are written in: the browser's own, or on the server the visitor's. */
export function inRenderZone(options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormatOptions {
  return server && options.timeZone === undefined ? { ...options, timeZone: server.timeZone } : options;
}
