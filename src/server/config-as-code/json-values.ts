import { isDeepStrictEqual } from 'node:util';
import { environments } from '../../contract/common';
import { environmentRegionPolicySchema } from '../../contract/tenants';

/*
 * The values of a document as the server compares them (docs/config-as-code.md): JSON text the server
 * stores is a JSON value in the document, compared by meaning. Secrets inside it are the secrets
 * module's (src/server/secrets): they leave as `{ secretRef }`, which plans as "keep the value held".
 */

/** A JSON value with every object's keys sorted: two exports of one state spell it the same way. */
export function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') return sortedRecord(value);
  return value;
}

/** An object's entries in key order, its values' keys sorted too (sortedKeys, keeping the record type). */
export function sortedRecord(value: object): Record<string, unknown> {
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortedKeys(inner)]));
}

/**
 * Stored JSON text as a document value: null for none (null, empty or blank text), the parsed value
 * for JSON, and the text itself for text that is not JSON (kept as the server has it).
 */
export function jsonOf(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

/** A document value as the JSON text a change body carries (null stays none; a string stays itself). */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Whether two document values mean the same (key order never matters). */
export const sameValue = (a: unknown, b: unknown): boolean =>
  isDeepStrictEqual(sortedKeys(a ?? null), sortedKeys(b ?? null));

/** Orders by a key, text order: lists of a document sort the same way every time. */
export function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/**
 * A tenant's region overrides as the server keeps them (tenants/governance.ts): in environment order,
 * each region once. Anything else is left as it is (the server refuses it on write).
 */
export function regionPoliciesOf(value: unknown): unknown {
  const parsed = environmentRegionPolicySchema.array().safeParse(value);
  if (!parsed.success) return value;
  return [...parsed.data]
    .sort((a, b) => environments.indexOf(a.environment) - environments.indexOf(b.environment))
    .map((policy) => ({ environment: policy.environment, regions: [...new Set(policy.regions)] }));
}
