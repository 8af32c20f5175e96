import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPatch } from '@contract/users';
import { sendJson } from '@/lib/api-client';
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
  return sendJson<User>('PATCH', `${USERS_PATH}/${encodeURIComponent(id)}`, patch, { ifMatch });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
