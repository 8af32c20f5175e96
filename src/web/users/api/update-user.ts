import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPatch } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers } from '@/users/api/user-keys';

/** PATCH /api/users/{id} (administrators). */
export async function updateUser({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: UserPatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<User> {
  const res = await apiRequest('PATCH', `${USERS_PATH}/${encodeURIComponent(id)}`, patch, { ifMatch });
  return (await res.json()) as User;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
