import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/users';
import { getJson } from '@/lib/api-client';

export const USERS_PATH = '/api/users';

/** GET /api/users, searched by name or email (?q=, not sent when empty). */
export function getUsers({ q }: { q?: string }): Promise<User[]> {
  const search = q?.trim() ? `?${new URLSearchParams({ q: q.trim() }).toString()}` : '';
  return getJson<User[]>(`${USERS_PATH}${search}`);
}

export const usersQueryOptions = (params: { q?: string }) =>
  queryOptions({
    queryKey: [USERS_PATH, 'list', params],
    queryFn: () => getUsers(params),
    // Keep the current cards on screen while a new search loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: { q?: string }) {
  return useQuery(usersQueryOptions(params));
}
