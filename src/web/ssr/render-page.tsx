import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderedPage, RenderPage, RenderRequest } from '@contract/server-render';
import { routeQueries } from '@/app/route-data';
import { routes } from '@/app/routes';
import { ThemeProvider } from '@/app/theme-provider';
import { meQueryOptions } from '@/auth';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient, setApiTransport } from '@/lib/api-client';
import { setServerRenderEnvironment } from '@/lib/render-environment';

/**
 * The first view of a page, rendered on the server (docs/architecture.md, "The first view from the
 * server"): the same components, routes and queries as the browser, so that the rows are in the page
 * itself and the client hydrates this markup instead of rendering its own. Built by `vite build --ssr`
 * into dist/ssr, which the server loads when present (src/server/http/server-render.ts).
 */

/** A render that has not finished by then is dropped: the browser renders the page itself. */
const RENDER_TIME_LIMIT_MS = 2_000;

const apiOfRender = new AsyncLocalStorage<RenderRequest['api']>();

// A server render only reads: each query's fetch goes to the `api` of the render it runs for.
setApiTransport((input, init) => {
  const api = apiOfRender.getStore();
  const method = init?.method ?? 'GET';
  if (!api || typeof input !== 'string' || method !== 'GET')
    return Promise.reject(new Error(`A server render only reads its own API: ${method} ${String(input)}`));
  return api(input);
});

/** The route table, its lazy screens loaded once and kept. */
const handler = createStaticHandler(routes);

/**
 * Renders run one after another: what a render reads of the browser is set for the process
 * (render-environment.ts). Beyond this many under way, a page is sent as built rather than queued.
 */
const MAX_RENDERS_UNDER_WAY = 4;
let underWay = 0;
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = previous.then(task, task);
  previous = run.catch(() => undefined);
  return run;
}

/**
 * Fetches the session and the screen's first queries as the visitor; false when there is no session or a
 * query failed (the browser then shows the sign-in page or the error itself).
 */
async function fetchFirstQueries(queryClient: QueryClient, request: RenderRequest): Promise<boolean> {
  return apiOfRender.run(request.api, async () => {
    const me = await queryClient.fetchQuery(meQueryOptions()).catch(() => null);
    if (me === null) return false;
    const { pathname, search } = new URL(request.url, 'http://page');
    try {
      await Promise.all(
        (await routeQueries({ pathname, search })).map((query) => queryClient.fetchQuery(query)),
      );
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The whole markup of `element`, written once everything in it has loaded (the lazily loaded header menus
 * included): a boundary still pending when the markup is written would be completed by an inline script,
 * which the CSP refuses.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const rendering = new Promise<string>((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // A boundary larger than a chunk (12.5 KB by default) is written after the rest, with an inline script
      // to put it in place, even when it has loaded: the whole page is one chunk instead.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellError: reject,
      onError: (error) => {
        failed ??= error;
      },
      onAllReady: () => {
        // An error inside a boundary leaves it to the client, which would report it as a failed hydration.
        if (failed !== undefined) {
          reject(failed instanceof Error ? failed : new Error(String(failed)));
          return;
        }
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer | string, _encoding, done) {
            chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
            done();
          },
          final(done) {
            resolve(Buffer.concat(chunks).toString('utf8'));
            done();
          },
        });
        stream.pipe(sink);
      },
    });
    timer = setTimeout(
      () => stream.abort(new Error('The server render took too long')),
      RENDER_TIME_LIMIT_MS,
    );
  });
  // Once settled, the stream and its tree are not held until the timer would have fired.
  return rendering.finally(() => clearTimeout(timer));
}

/** The page's first view, or undefined when the browser should render it itself. */
export const renderPage: RenderPage = async (request) => {
  if (underWay >= MAX_RENDERS_UNDER_WAY) return undefined;
  underWay += 1;
  try {
    return await renderUnderWay(request);
  } finally {
    underWay -= 1;
  }
};

/** A render once admitted: its reads, then its turn to write the markup. */
async function renderUnderWay(request: RenderRequest): Promise<RenderedPage | undefined> {
  const queryClient = createQueryClient();
  if (!(await fetchFirstQueries(queryClient, request))) return undefined;
  const context = await handler.query(new Request(new URL(request.url, 'http://page')));
  // A redirect or an error answer of the route table: nothing to render here.
  if (context instanceof Response || context.errors) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await oneAtATime(async () => {
    setServerRenderEnvironment({
      cookie: request.cookie,
      locale: request.locale,
      timeZone: request.timeZone,
    });
    try {
      return await renderToHtml(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider initial={request.theme}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
              <Toaster />
            </ThemeProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    } finally {
      setServerRenderEnvironment(undefined);
    }
  });
  return { markup, state: dehydrate(queryClient) };
}
