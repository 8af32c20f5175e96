import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserInput } from '@contract/users';
import { sendJson } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers } from '@/users/api/user-keys';

/** POST /api/users (administrators): 409 when the email is taken. */
export async function createUser(input: UserInput): Promise<User> {
  return sendJson<User>('POST', USERS_PATH, input);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
