import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPatch } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers } from '@/users/api/user-keys';

/** PATCH /api/users/{id} (administrators). */
export async function updateUser({ id, patch }: { id: string; patch: UserPatch }): Promise<User> {
  const res = await apiRequest('PATCH', `${USERS_PATH}/${encodeURIComponent(id)}`, patch);
  return (await res.json()) as User;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
