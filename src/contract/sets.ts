/*
 * Closed sets (environments, statuses, roles, channels...) live in the contract once each: an `as const`
 * tuple, its zod enum, its type and its labels. These helpers read them without casts. No zod here, so
 * roles.ts (in the client's initial bundle) may use them too.
 */

/** Whether `value` is a member of the closed set `set`. */
export function isOneOf<T>(set: readonly T[], value: unknown): value is T {
  return set.some((member) => member === value);
}

/**
 * A set's labels as a lookup that shows any other value as stored (docs/product.md, Labels): a label
 * function may be handed text the set does not know, such as an idpProvider typed elsewhere.
 */
export function labelOf<T extends string>(labels: Readonly<Record<T, string>>): (value: string) => string {
  const byValue: ReadonlyMap<string, string> = new Map(Object.entries<string>(labels));
  return (value) => byValue.get(value) ?? value;
}

/** A record with an entry per key of `keys`, each `valueOf(key)`: Object.fromEntries, keeping the key type. */
export function recordOf<K extends PropertyKey, V>(
  keys: readonly K[],
  valueOf: (key: K, index: number) => V,
): Record<K, V> {
  const record: Partial<Record<K, V>> = {};
  keys.forEach((key, index) => {
    record[key] = valueOf(key, index);
  });
  // Every key of K was just set: the Partial is whole.
  return record as Record<K, V>;
}
