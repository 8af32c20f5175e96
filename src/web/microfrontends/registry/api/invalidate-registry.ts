import type { QueryClient } from '@tanstack/react-query';

/**
 * After any registry write: every cached read under /api/microfrontend* (lists, versions, published
 * versions other screens offer) is refetched, whichever screen built its key.
 */
export function invalidateRegistry(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/microfrontend'),
  });
}
