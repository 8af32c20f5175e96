import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USER_PROFILES_PATH, invalidateUsers } from '@/users/api/user-keys';

/** DELETE /api/user-profiles/{id}: owners of the profile's tenant or global administrators. */
export async function deleteUserProfile(id: string, ifMatch?: number): Promise<void> {
  await apiRequest('DELETE', `${USER_PROFILES_PATH}/${encodeURIComponent(id)}`, undefined, { ifMatch });
}

export function useDeleteUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteUserProfile(id, ifMatch),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
