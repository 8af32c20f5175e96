import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@contract/users';
import { sendJson } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/**
 * POST /api/user-profiles/{id}/restore: the Undo of a removed access. The server puts the profile back
 * as its removal recorded it (same id, role and details); 409 when the access exists again.
 */
export async function restoreUserProfile(id: string): Promise<UserProfile> {
  return sendJson<UserProfile>('POST', `${USER_PROFILES_PATH}/${encodeURIComponent(id)}/restore`);
}

export function useRestoreUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUserProfile,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
