/** One field's change as the audit trail records it. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Bookkeeping columns that change on every write and say nothing about what the person changed. */
const IGNORED = new Set(['revision', 'updatedAt', 'updatedBy']);

/** The keys of `keys` that are fields of `row`. */
const fieldsOf = <T extends object>(row: T, keys: object): (keyof T & string)[] =>
  Object.keys(keys).filter((key): key is keyof T & string => key in row);

/**
 * The fields that differ between `before` and `after`, as `{field: {from, to}}`, for an audit event.
 * Looks at `fields` (by default every field of `after`); values compare by their JSON, so arrays and
 * objects with the same content are unchanged.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[] = fieldsOf(after, after),
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    if (IGNORED.has(field)) continue;
    const from = before[field];
    const to = after[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/** changedFields over the fields a patch (or the values written) names. */
export const changedFieldsOf = <T extends object>(before: T, after: T, patch: object) =>
  changedFields(before, after, fieldsOf(after, patch));
