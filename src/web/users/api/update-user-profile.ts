import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, UserProfilePatch } from '@contract/users';
import { sendJson } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/** PATCH /api/user-profiles/{id}: role, details or permissions; never another user or tenant. */
export async function updateUserProfile({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: UserProfilePatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<UserProfile> {
  return sendJson<UserProfile>('PATCH', `${USER_PROFILES_PATH}/${encodeURIComponent(id)}`, patch, {
    ifMatch,
  });
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
