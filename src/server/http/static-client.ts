import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noneMatchHits } from './conditional-get';
import { clientFiles, type ClientFile, type ClientFiles } from './client-files';
import { firstVisitLinks } from './first-visit-links';
import type { ServerRender } from './server-render';

/** Answers the client's page (index.html) to a request for one of its addresses. */
export type ClientPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const PAGE = '/index.html';

/** How caches may keep each kind of file: the page and unhashed files revalidated, hashed assets for a year. */
const CACHE = {
  page: { control: 'no-cache', vary: 'accept-encoding, cookie' },
  // A page rendered with the visitor's rows is theirs alone, and kept nowhere, as the API's answers: a
  // browser may show a page it keeps again from history (back, a reopened tab) after its session ended.
  rendered: { control: 'no-store', vary: 'accept-encoding, cookie' },
  asset: { control: 'public, max-age=31536000, immutable', vary: 'accept-encoding' },
  other: { control: 'no-cache', vary: 'accept-encoding' },
};

/**
 * Sends one client file in the encoding the request accepts, or 304 when the client holds it already.
 * Every answer says it varies by encoding (and the page by cookie: its Link header depends on the session).
 */
function sendClientFile(
  files: ClientFiles,
  file: ClientFile,
  request: FastifyRequest,
  reply: FastifyReply,
  cache: { control: string; vary: string },
): FastifyReply {
  const body = files.body(file, request.headers['accept-encoding']);
  reply.header('cache-control', cache.control).header('vary', cache.vary).header('etag', body.etag);
  if (noneMatchHits(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  if (body.encoding !== 'identity') reply.header('content-encoding', body.encoding);
  return reply.type(file.contentType).send(body.bytes);
}

/**
 * Serves the built client from memory (http/client-files.ts). Hashed files under /assets are cached for a
 * year; index.html never is, so a new deploy is picked up on the next navigation. The build writes .br and
 * .gz files beside each text file (scripts/precompress.ts): a client that accepts one gets it, compressed
 * once at build time. Answers how to send the page for the client router's addresses (undefined without
 * a built client); `signedIn` tells whether a request carries a session, whose page then names its first
 * requests, or comes with its first view when `render` (http/server-render.ts) renders it.
 */
export function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  signedIn: (request: FastifyRequest) => boolean,
  render?: ServerRender,
): ClientPage | undefined {
  const files = clientFiles(clientDir);
  const page = files.find(PAGE);
  if (!page) return undefined;
  const links = firstVisitLinks(clientDir);
  const template = files.body(page, undefined).bytes.toString('utf8');
  const sendPage: ClientPage = async (request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://client');
    const session = signedIn(request);
    const rendered = session && render ? await render(request, template) : undefined;
    const link = links(pathname, search, session, rendered !== undefined);
    if (link) reply.header('link', link);
    if (rendered === undefined) return sendClientFile(files, page, request, reply, CACHE.page);
    return reply
      .header('cache-control', CACHE.rendered.control)
      .header('vary', CACHE.rendered.vary)
      .type('text/html; charset=utf-8')
      .send(rendered);
  };
  // One route for every file: a route per file (hundreds) would cost start-up time for nothing. A path
  // that is no file goes to the not-found handler, the client router's fallback.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const { pathname } = new URL(request.url, 'http://client');
    if (pathname === PAGE) return sendPage(request, reply);
    const file = files.find(pathname);
    if (!file) return reply.callNotFound();
    return sendClientFile(
      files,
      file,
      request,
      reply,
      pathname.startsWith('/assets/') ? CACHE.asset : CACHE.other,
    );
  });
  // The index has a route of its own, ahead of the wildcard (which would reach it only through the fallback).
  app.get('/', { schema: { hide: true } }, sendPage);
  return sendPage;
}

/** A path the client router owns: everything outside /api. */
export function isClientPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path !== '/api' && !path.startsWith('/api/');
}
