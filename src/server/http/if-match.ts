import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** `"3"` or `W/"3"`: the only entity tags this API hands out are row revisions. */
const REVISION_TAG = /^(?:W\/)?"(\d{1,9})"$/;

/** The strong ETag of a revision, as every by-id read and every write sends it. */
export const etagOf = (revision: number): string => `"${revision}"`;

/**
 * The revision an `If-Match` header demands, or undefined when the write is unconditional (no header,
 * or `*`, which any existing resource matches). A weak tag counts as its revision: proxies that
 * compress responses weaken ETags, and refusing those would break clients for no safety gain.
 * A list of tags is refused: a form edits one version of a resource, so it can only mean a bug.
 */
export function ifMatchRevision(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '*') return undefined;
  const match = REVISION_TAG.exec(value);
  if (!match?.[1]) {
    const message = 'Expected one revision ETag, such as "3"';
    throw badRequest(`Invalid If-Match header: ${message}`, [{ path: 'headers.if-match', message }]);
  }
  return Number(match[1]);
}

/** Sets the ETag of a versioned resource on the reply and answers the resource, so handlers stay one line. */
export function withEtag<T extends { revision: number }>(reply: FastifyReply, resource: T): T {
  void reply.header('etag', etagOf(resource.revision));
  return resource;
}
