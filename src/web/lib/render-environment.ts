/**
 * The cookies a render reads (the sidebar's state): the document's in the browser; in a server render
 * (src/web/ssr/), the request's, set for the one render under way (the server renders one page at a time).
 */
let serverCookie: string | undefined;

export function renderCookie(): string {
  return serverCookie ?? document.cookie;
}

/** Sets the cookies a server render reads, or clears them once it is done (undefined). */
export function setServerCookie(cookie: string | undefined): void {
  serverCookie = cookie;
}
