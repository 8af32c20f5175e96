import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers } from '@/users/api/user-keys';

/** DELETE /api/users/{id} (administrators): the user's profiles go too; 409 for yourself or the last admin. */
export async function deleteUser(id: string): Promise<void> {
  await apiRequest('DELETE', `${USERS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
