import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@contract/auth';
import { getQueryFn } from '@/lib/api-client';

export const ME_PATH = '/api/auth/me';
export const ME_QUERY_KEY = [ME_PATH] as const;

/** GET /api/auth/me: the signed-in user and their tenant roles, or null when signed out (401). */
export const meQueryOptions = () =>
  queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getQueryFn<Me>({ on401: 'returnNull' }) });

/** The full query, for the session guard and the sign-in page (pending, error, null, signed in). */
export function useMeQuery() {
  return useQuery(meQueryOptions());
}

/** The signed-in user and memberships; null while unknown or signed out. */
export function useMe(): Me | null {
  return useMeQuery().data ?? null;
}

/** The session is over (signed out or expired): drop every cached answer and remember "signed out". */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(ME_QUERY_KEY, null);
}
