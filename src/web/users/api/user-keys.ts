import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';
import type { UserListQuery } from '@/users/api/user-list-query';

export const USERS_PATH = '/api/users';
export const USER_PROFILES_PATH = '/api/user-profiles';

/** The only place a user or tenant-profile query key is built; each starts with its endpoint's path. */
export const userKeys = {
  all: [USERS_PATH] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListQuery) => [...userKeys.lists(), query] as const,
  identities: (userId: string) => [...userKeys.all, userId, 'identities'] as const,
  profiles: [USER_PROFILES_PATH] as const,
};

/**
 * Every user and profile mutation calls this: a user's cards show their profiles, and deleting a user
 * removes them, so both reads refresh together (the Overview shows neither).
 */
export const invalidateUsers = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'user');
