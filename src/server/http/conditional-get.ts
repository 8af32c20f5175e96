import { createHash } from 'node:crypto';

/* Conditional GETs (RFC 9110): artifacts and manifests that clients poll get a strong tag and 304s. */

/** A strong entity tag for a representation: the same bytes always give the same tag. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether an If-None-Match header matches the current entity tag: `*`, or any listed tag compared
 * weakly (RFC 9110: a W/ prefix does not matter for If-None-Match).
 */
export function noneMatchHits(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const value = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return value.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
