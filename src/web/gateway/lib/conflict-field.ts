/**
 * Which field a 409 belongs to, by what it names: a capability the tenant does not subscribe to, or
 * (routes) a path and method another active route serves, or (policies) a package another active policy
 * declares. A disabled environment belongs to no field: the toast says it.
 */
export function conflictFieldOf<F extends string>(
  error: unknown,
  fields: { capability: F; other: F },
): F | undefined {
  const message = error instanceof Error ? error.message : '';
  if (/subscri/i.test(message)) return fields.capability;
  if (/environment is disabled/i.test(message)) return undefined;
  return fields.other;
}
