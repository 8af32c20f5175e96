import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/list-conventions';
import type { UserProfile } from '@contract/users';
import { getPage } from '@/lib/list-request';
import { USER_PROFILES_PATH, userKeys } from '@/users/api/user-keys';

export { USER_PROFILES_PATH };

/**
 * GET /api/user-profiles?userIds=: every tenant profile of the given users (one page of user cards, in
 * one call unless they hold more than a list page), never the first page of all profiles: with
 * thousands of users that left most cards without their access.
 */
export async function getUserProfiles(userIds: readonly string[]): Promise<UserProfile[]> {
  if (userIds.length === 0) return [];
  const profiles: UserProfile[] = [];
  for (;;) {
    const page = await getPage<UserProfile>(USER_PROFILES_PATH, {
      userIds,
      limit: MAX_PAGE_SIZE,
      offset: profiles.length,
    });
    profiles.push(...page.rows);
    if (page.rows.length === 0 || profiles.length >= page.total) return profiles;
  }
}

export const userProfilesQueryOptions = (userIds: readonly string[]) => {
  const sorted = [...new Set(userIds)].sort();
  return queryOptions({
    // Under userKeys.profiles, so every user or profile mutation still refreshes it.
    queryKey: [...userKeys.profiles, { userIds: sorted }] as const,
    queryFn: () => getUserProfiles(sorted),
  });
};

/** The profiles of these users (the users on screen). */
export function useUserProfiles(userIds: readonly string[]) {
  return useQuery(userProfilesQueryOptions(userIds));
}
