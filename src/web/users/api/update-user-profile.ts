import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, UserProfilePatch } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/** PATCH /api/user-profiles/{id}: role, details or permissions; never another user or tenant. */
export async function updateUserProfile({
  id,
  patch,
}: {
  id: string;
  patch: UserProfilePatch;
}): Promise<UserProfile> {
  const res = await apiRequest('PATCH', `${USER_PROFILES_PATH}/${encodeURIComponent(id)}`, patch);
  return (await res.json()) as UserProfile;
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
