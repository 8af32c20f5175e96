import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@contract/users';
import { getJson } from '@/lib/api-client';
import { USER_PROFILES_PATH, userKeys } from '@/users/api/user-keys';

export { USER_PROFILES_PATH };

/** GET /api/user-profiles: every tenant profile the signed-in user may see (one call for all cards). */
export function getUserProfiles(): Promise<UserProfile[]> {
  return getJson<UserProfile[]>(USER_PROFILES_PATH);
}

export const userProfilesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.profiles, queryFn: getUserProfiles });

export function useUserProfiles() {
  return useQuery(userProfilesQueryOptions());
}
