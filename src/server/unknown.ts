/**
 * A property of a value whose shape nothing promises (a thrown error and its cause, a request's body or
 * params before validation): undefined when it is not an object or has no such property.
 */
export function propertyOf(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  const property: unknown = Reflect.get(value, key);
  return property;
}

/** Whether a value is an object with string keys, as JSON.parse gives for `{...}`: not null, not an array. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
