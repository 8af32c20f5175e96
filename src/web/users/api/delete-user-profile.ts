import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/** DELETE /api/user-profiles/{id}: owners of the profile's tenant or global administrators. */
export async function deleteUserProfile(id: string): Promise<void> {
  await apiRequest('DELETE', `${USER_PROFILES_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserProfile,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
