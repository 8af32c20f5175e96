/**
 * A page whose first view the server rendered (docs/architecture.md, "The first view from the server")
 * carries the answers it was rendered from in `<script type="application/json" id=SERVER_STATE_ID>`
 * (data, which the CSP lets be, not a script that runs): the client's query cache starts from them, so
 * that hydration renders the same markup and the screen asks the API nothing more.
 */
export const SERVER_STATE_ID = 'rm-server-state';

/**
 * Set on `<html>` once the client has rendered or hydrated the page: from then on it answers input. The
 * browser tests wait for it after loading a page (a click on server-rendered markup before it is lost).
 */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * What the server asks of the renderer it loads from dist/ssr (src/web/ssr/render-page.tsx exports it as
 * `renderPage`; src/server/http/server-render.ts calls it).
 */
export type RenderRequest = {
  /** The page's address: path and query string. */
  url: string;
  /** The request's Cookie header, as the page's cookies read during a render (the sidebar's state). */
  cookie: string;
  theme: 'light' | 'dark';
  /** The locale and time zone the visitor's browser writes dates in (its view cookie). */
  locale: string;
  timeZone: string;
  /** Answers a GET of an API path as the visitor: the server's own routes, with the request's cookies. */
  api: (path: string) => Promise<Response>;
};

export type RenderedPage = {
  /** The markup of `#root`. */
  markup: string;
  /** The answers it was rendered from, for the client's query cache. */
  state: unknown;
};

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | undefined>;
