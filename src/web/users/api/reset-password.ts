import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USERS_PATH } from '@/users/api/get-users';

/** POST /api/users/{id}/password (administrators): sets the password and ends the user's sessions. */
export async function resetPassword({ id, password }: { id: string; password: string }): Promise<void> {
  await apiRequest('POST', `${USERS_PATH}/${encodeURIComponent(id)}/password`, { password });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
