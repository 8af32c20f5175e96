import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client. Hashed files under /assets are cached for a year; index.html never is,
 * so a new deploy is picked up on the next navigation. The build writes .br and .gz files beside each
 * text file (scripts/precompress.ts): a client that accepts one gets it, compressed once at build time.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  if (!existsSync(join(clientDir, 'index.html'))) return false;
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
      // Caches keep the brotli, gzip and plain variants of one URL apart.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        path.includes(`${join(clientDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

/** A path the client router owns: everything outside /api. */
export function isClientPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path !== '/api' && !path.startsWith('/api/');
}
