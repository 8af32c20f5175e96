import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { addOnSend } from './route-hooks';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib stream. The
 * plugin's default on two cores is 8 KiB, so every list page (20-100 KB of JSON) took the stream path, whose
 * per-response zlib context, thread-pool hop and chunked writes cost more CPU than the compression itself:
 * measured on the large data, 25 tenants cost 3.1 ms of CPU per request gzipped by stream against 2.4 ms
 * uncompressed (scripts/bench-profile.mjs; docs/lists.md, "Where a list request's CPU goes"). At 256 KiB
 * one call stays near a millisecond.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 256 * 1024;

/**
 * What is compressed on the fly: JSON (the API), text, XML, YAML and scripts. Never
 * `text/event-stream`: compressing a stream buffers its events until a compressor block fills, so a
 * client would see them late or never. Static assets arrive here already encoded (precompressed at
 * build time) and are passed through.
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /^application\/(?:[\w.-]+\+)?(?:json|xml|yaml|x-yaml|javascript)$/.test(type) ||
    /\+(?:json|xml)$/.test(type)
  );
}

/**
 * A strong ETag names exact bytes (RFC 9110, 8.8.1); once the body is compressed on the fly the bytes
 * differ from the identity answer's, so the tag is weakened. If-Match still accepts it (http/if-match.ts
 * counts `W/"3"` as revision 3) and If-None-Match compares weakly anyway.
 */
const weakenEtagWhenEncoded: onSendHookHandler = (_request, reply, payload, done) => {
  const etag = reply.getHeader('etag');
  const encoding = reply.getHeader('content-encoding');
  if (typeof etag === 'string' && etag.startsWith('"') && encoding && encoding !== 'identity') {
    void reply.header('etag', `W/${etag}`);
  }
  done(null, payload);
};

/**
 * Compresses answers above the threshold with brotli or gzip, as the client's Accept-Encoding prefers,
 * adding `Vary: Accept-Encoding`. Registered before any route: the plugin hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
  });
  // Added after the plugin's own onRoute hook, so this onSend runs after its compressing one.
  app.addHook('onRoute', (route) => addOnSend(route, weakenEtagWhenEncoded, 'last'));
}
