import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstVisitLinks } from './first-visit-links';

/** Answers the client's page (index.html) to a request for one of its addresses. */
export type ClientPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves the built client. Hashed files under /assets are cached for a year; index.html never is,
 * so a new deploy is picked up on the next navigation. The build writes .br and .gz files beside each
 * text file (scripts/precompress.ts): a client that accepts one gets it, compressed once at build time.
 * Answers how to send the page for the client router's addresses (undefined without a built client);
 * `signedIn` tells whether a request carries a session, whose page then names its first requests.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  signedIn: (request: FastifyRequest) => boolean,
): Promise<ClientPage | undefined> {
  const page = join(clientDir, 'index.html');
  if (!existsSync(page)) return undefined;
  // The page or a precompressed variant of it (index.html.br, .gz).
  const isPage = (path: string) => path === page || path.startsWith(`${page}.`);
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route for every file, found on disk per request: listing the files (hundreds with the .br and
    // .gz variants) into a route each cost ~100 ms of start-up. Unknown paths still reach the not-found
    // handler (the client router's fallback).
    wildcard: true,
    // A directory (/ included) answers its index.html, which is the client's page anyway.
    index: ['index.html'],
    // The header is ours (below), not send's default max-age=0.
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, path) {
      // Caches keep the brotli, gzip and plain variants of one URL apart; the page's Link header depends on
      // the session cookie too, so a page stored for one visitor is never revalidated into another's.
      res.setHeader('vary', isPage(path) ? 'accept-encoding, cookie' : 'accept-encoding');
      res.setHeader(
        'cache-control',
        path.includes(`${join(clientDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const links = firstVisitLinks(clientDir);
  const sendPage: ClientPage = (request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://client');
    const link = links(pathname, search, signedIn(request));
    if (link) reply.header('link', link);
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  };
  // The index has a route of its own: the wildcard above would send it without its Link header.
  app.get('/', { schema: { hide: true } }, sendPage);
  return sendPage;
}

/** A path the client router owns: everything outside /api. */
export function isClientPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path !== '/api' && !path.startsWith('/api/');
}
