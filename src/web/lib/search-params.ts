/**
 * `current` with `changes` applied: a value sets its param, undefined removes it; the other params stay.
 * For views that keep their selection in the address (setSearchParams(updater, { replace: true })).
 */
export function withSearchParams(
  current: URLSearchParams,
  changes: Readonly<Record<string, string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
