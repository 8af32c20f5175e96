import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@contract/users';
import { getJson } from '@/lib/api-client';

export const USER_PROFILES_PATH = '/api/user-profiles';

/** GET /api/user-profiles: every tenant profile the signed-in user may see (one call for all cards). */
export function getUserProfiles(): Promise<UserProfile[]> {
  return getJson<UserProfile[]>(USER_PROFILES_PATH);
}

export const userProfilesQueryOptions = () =>
  queryOptions({ queryKey: [USER_PROFILES_PATH], queryFn: getUserProfiles });

export function useUserProfiles() {
  return useQuery(userProfilesQueryOptions());
}
