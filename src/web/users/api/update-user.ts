import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPatch } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH } from '@/users/api/get-users';

/** PATCH /api/users/{id} (administrators). */
export async function updateUser({ id, patch }: { id: string; patch: UserPatch }): Promise<User> {
  const res = await apiRequest('PATCH', `${USERS_PATH}/${encodeURIComponent(id)}`, patch);
  return (await res.json()) as User;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USERS_PATH, 'list'] }),
  });
}
