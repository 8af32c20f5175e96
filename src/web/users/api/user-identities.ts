import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserIdentity } from '@contract/users';
import { apiRequest, getJson } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers, userKeys } from '@/users/api/user-keys';

const identitiesPath = (userId: string) => `${USERS_PATH}/${encodeURIComponent(userId)}/identities`;

/** GET /api/users/{id}/identities (administrators): the single sign-on identities that sign in as the user. */
export const userIdentitiesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.identities(userId),
    queryFn: () => getJson<UserIdentity[]>(identitiesPath(userId)),
  });

export function useUserIdentities(userId: string) {
  return useQuery(userIdentitiesQueryOptions(userId));
}

/**
 * DELETE /api/users/{id}/identities/{identityId} under the user's revision (412 when the user changed);
 * answers the user's revision after it (the unlink moves it by one), for the next unlink from the same
 * dialog: read back, it could take in another administrator's edit unseen.
 */
export async function unlinkUserIdentity(
  userId: string,
  identityId: string,
  ifMatch: number,
): Promise<number> {
  await apiRequest('DELETE', `${identitiesPath(userId)}/${encodeURIComponent(identityId)}`, undefined, {
    ifMatch,
  });
  return ifMatch + 1;
}

export function useUnlinkUserIdentity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identityId, ifMatch }: { identityId: string; ifMatch: number }) =>
      unlinkUserIdentity(userId, identityId, ifMatch),
    onSettled: () => invalidateUsers(queryClient),
  });
}
