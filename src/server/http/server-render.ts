import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstVisitRoute } from '../../contract/first-visit';
import { SERVER_STATE_ID, type RenderedPage, type RenderPage } from '../../contract/server-render';
import { parseViewCookie, VIEW_COOKIE, type ViewPreferences } from '../../contract/view-cookie';

/*
 * The first view of a list screen, rendered here (docs/architecture.md, "The first view from the server"):
 * the client's own renderer (src/web/ssr/render-page.tsx, built into dist/ssr) runs the screen's first
 * queries against this server's routes as the visitor and renders the screen with their answers, which
 * the page then carries. The browser shows the rows as it reads the HTML and hydrates them once the
 * screen's code has loaded, instead of asking for them and rendering everything first.
 */

/** Renders a page for `request`: the whole HTML, or undefined when the browser should render it itself. */
export type ServerRender = (request: FastifyRequest, template: string) => Promise<string | undefined>;

const RENDERER_FILE = 'render-page.js';

/**
 * A page not rendered by then (its reads, its wait for a turn and its markup) is sent as built: the
 * visitor is not kept waiting for a head start. The render goes on to its own end, unused.
 */
const RENDER_DEADLINE_MS = 2_000;

const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_ELEMENT = /<html([^>]*)\sclass="dark"([^>]*)>/;

/** `work`'s answer, or undefined once `ms` have passed. */
function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The renderer built into `dir`, loaded on its first use: a few megabytes of code that a server no
 * browser with a session and a view cookie has visited yet need not hold. Undefined when none was built; a build that is no renderer fails the
 * render that loads it (and every later one, logged each time).
 */
function lazyRenderer(dir: string): (() => Promise<RenderPage>) | undefined {
  const file = join(dir, RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  let loading: Promise<RenderPage> | undefined;
  const load = async (): Promise<RenderPage> => {
    const loaded: unknown = await import(pathToFileURL(file).href);
    const renderPage =
      typeof loaded === 'object' && loaded !== null && 'renderPage' in loaded ? loaded.renderPage : undefined;
    if (typeof renderPage !== 'function') throw new Error(`${file} exports no renderPage function`);
    // Checked above as far as JavaScript can: it is the build of render-page.tsx.
    return renderPage as RenderPage;
  };
  return () => (loading ??= load());
}

/**
 * The visitor's view, when the server can render their page exactly as their browser would: the cookie
 * names the theme, and a locale and time zone this process writes dates in just as the browser does (its
 * ICU knows both by those names). Otherwise undefined.
 */
function renderableView(request: FastifyRequest): ViewPreferences | undefined {
  const view = parseViewCookie(request.cookies[VIEW_COOKIE]);
  if (!view) return undefined;
  try {
    const known = new Intl.DateTimeFormat(view.locale, { timeZone: view.timeZone }).resolvedOptions();
    return known.locale === view.locale && known.timeZone === view.timeZone ? view : undefined;
  } catch {
    // Not a locale or not a time zone (a forged cookie).
    return undefined;
  }
}

/** JSON inside `<script type="application/json">`: nothing in it may close the element or open a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page: the client's HTML with the markup in #root, its answers beside it, and the visitor's theme. */
function fillTemplate(template: string, page: RenderedPage, theme: ViewPreferences['theme']): string {
  const state = `<script type="application/json" id="${SERVER_STATE_ID}">${scriptSafeJson(page.state)}</script>`;
  return template
    .replace(HTML_ELEMENT, (_html, before: string, after: string) =>
      theme === 'dark'
        ? `<html${before} class="dark" style="color-scheme: dark"${after}>`
        : `<html${before} style="color-scheme: light"${after}>`,
    )
    .replace(ROOT_ELEMENT, () => `<div id="root">${page.markup}</div>${state}`);
}

/**
 * The server render of `dir` (dist/ssr), or undefined when none was built. It renders a signed-in GET of
 * a list screen's default view (the first-visit table, src/contract/first-visit.ts) for a browser whose
 * view it can match; any failure falls back to the client rendering the page, and is logged.
 */
export function serverRender(app: FastifyInstance, dir: string): ServerRender | undefined {
  const renderer = lazyRenderer(dir);
  if (!renderer) return undefined;
  return async (request, template) => {
    // The address exactly as the browser's router will read it: no query string, and no `//x/users`,
    // which a URL parser would read as the path /users on host x.
    const pathname = request.url;
    if (request.method !== 'GET' || !pathname.startsWith('/') || pathname.startsWith('//')) return undefined;
    if (pathname.includes('?') || !firstVisitRoute(pathname)) return undefined;
    const view = renderableView(request);
    if (!view || !template.includes(ROOT_ELEMENT) || !HTML_ELEMENT.test(template)) return undefined;
    const api = async (path: string): Promise<Response> => {
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: {
          cookie: request.headers.cookie ?? '',
          accept: 'application/json',
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        remoteAddress: request.ip,
      });
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/octet-stream') },
      });
    };
    try {
      const renderPage = await renderer();
      const page = await withinDeadline(
        renderPage({
          url: request.url,
          cookie: request.headers.cookie ?? '',
          theme: view.theme,
          locale: view.locale,
          timeZone: view.timeZone,
          api,
        }),
        RENDER_DEADLINE_MS,
      );
      return page && fillTemplate(template, page, view.theme);
    } catch (error) {
      request.log.warn({ err: error, url: pathname }, 'server render failed: the browser renders the page');
      return undefined;
    }
  };
}
