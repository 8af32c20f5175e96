import { weightedValues } from '../http/weighted-header';

/*
 * Content negotiation and conditional GETs for the two hand-off artifacts: small enough not to need a
 * library, and explicit about what they accept.
 */

interface MediaRange {
  type: string;
  q: number;
}

/** The Accept header's media ranges; one whose weight is not a number is left out. */
function mediaRanges(accept: string | undefined): MediaRange[] {
  return weightedValues(accept).flatMap(({ value, q }) => (Number.isFinite(q) ? [{ type: value, q }] : []));
}

const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'];

/** The highest quality the Accept header gives any of `types` (wildcards count), 0 when none. */
function qualityOf(ranges: MediaRange[], types: string[]): number {
  let best = 0;
  for (const range of ranges) {
    const matches =
      types.includes(range.type) ||
      range.type === '*/*' ||
      (range.type.endsWith('/*') && types.some((t) => t.startsWith(range.type.slice(0, -1))));
    if (matches) best = Math.max(best, range.q);
  }
  return best;
}

/** JSON only when Accept prefers it to YAML; YAML (the decK default) otherwise, and without Accept. */
export function prefersJson(accept: string | undefined): boolean {
  const ranges = mediaRanges(accept);
  const json = qualityOf(ranges, ['application/json']);
  const yaml = qualityOf(ranges, YAML_TYPES);
  return json > 0 && json > yaml;
}
