import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceAccountInput, User } from '@contract/users';
import { sendJson } from '@/lib/api-client';
import { invalidateUsers } from '@/users/api/user-keys';

export const SERVICE_ACCOUNTS_PATH = '/api/service-accounts';

/** POST /api/service-accounts (administrators): a user that never signs in and acts only through tokens. */
export async function createServiceAccount(input: ServiceAccountInput): Promise<User> {
  return sendJson<User>('POST', SERVICE_ACCOUNTS_PATH, input);
}

export function useCreateServiceAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceAccount,
    // It joins the users list, so the users' reads refresh.
    onSuccess: () => invalidateUsers(queryClient),
  });
}
