import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

import type { ExpectedRevision } from '../revisions';

/**
 * One entity-tag of RFC 9110 (section 8.8.3): an optional weakness marker, then a quoted string of
 * etagc characters (visible ASCII but `"` and DEL, or obs-text). The only tags this API hands out are
 * row revisions, `"3"`; any other well-formed tag is legal and simply matches nothing.
 */
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const REVISION = /^\d{1,9}$/;

/** The strong ETag of a revision, as every by-id read and every write sends it. */
export const etagOf = (revision: number): string => `"${revision}"`;

/** Splits a comma-separated list of entity-tags (commas inside a tag's quotes stay in it); undefined if it is not one. */
function entityTags(value: string): string[] | undefined {
  const tags = value.match(/\s*(?:W\/)?"[^"]*"\s*(?:,|$)/g);
  if (!tags || tags.join('') !== value) return undefined;
  return tags.map((tag) => tag.replace(/,$/, '').trim());
}

/**
 * The revisions an `If-Match` header accepts, or undefined when the write is unconditional (no header,
 * or `*`, which any existing resource matches). A weak tag counts as its revision: proxies that
 * compress responses weaken ETags, and refusing those would break clients for no safety gain. A
 * well-formed tag that is not a revision (`"abc"`) matches nothing, so the write gets 412 like a stale
 * one (RFC 9110, 13.1.1); only a header that is not a list of entity-tags is a 400.
 */
export function ifMatchRevision(request: FastifyRequest): ExpectedRevision | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '*') return undefined;
  const tags = entityTags(value);
  const opaque = tags?.map((tag) => ENTITY_TAG.exec(tag)?.[1]);
  if (!opaque || opaque.length === 0 || opaque.some((tag) => tag === undefined)) {
    const message =
      'Expected an entity tag such as "3" (a quoted revision), or a comma-separated list of them';
    throw badRequest(`Invalid If-Match header: ${message}`, [{ path: 'headers.if-match', message }]);
  }
  const revisions = opaque
    .filter((tag): tag is string => tag !== undefined && REVISION.test(tag))
    .map(Number);
  const distinct = [...new Set(revisions)];
  const [only, ...others] = distinct;
  return only !== undefined && others.length === 0 ? only : distinct;
}

/** Sets the ETag of a versioned resource on the reply and answers the resource, so handlers stay one line. */
export function withEtag<T extends { revision: number }>(reply: FastifyReply, resource: T): T {
  void reply.header('etag', etagOf(resource.revision));
  return resource;
}
