import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: ends the session (204). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** The caller navigates away and forgets the session on success (see UserMenu). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
