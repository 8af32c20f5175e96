import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserInput } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH, invalidateUsers } from '@/users/api/user-keys';

/** POST /api/users (administrators): 409 when the email is taken. */
export async function createUser(input: UserInput): Promise<User> {
  const res = await apiRequest('POST', USERS_PATH, input);
  return (await res.json()) as User;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
