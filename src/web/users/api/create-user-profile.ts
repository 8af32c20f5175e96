import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile, UserProfileInput } from '@contract/users';
import { sendJson } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/** POST /api/user-profiles: 409 when the user already has access to the tenant. */
export async function createUserProfile(input: UserProfileInput): Promise<UserProfile> {
  return sendJson<UserProfile>('POST', USER_PROFILES_PATH, input);
}

export function useCreateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserProfile,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
