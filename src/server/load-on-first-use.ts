/**
 * A module (or anything costly) loaded at its first use rather than at start-up: the server starts
 * without it, and every later use shares the one load. A failed load is tried again at the next use.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
