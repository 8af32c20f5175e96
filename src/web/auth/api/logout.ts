import { useMutation } from '@tanstack/react-query';
import type { LogoutResult } from '@contract/sso';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/auth/logout: ends the session and says where the identity provider's session ends, when
 * the user signed in through it (an older server's 204 means nowhere).
 */
export async function logout(): Promise<LogoutResult> {
  const res = await apiRequest('POST', '/api/auth/logout');
  const text = await res.text();
  if (!text) return { endSessionUrl: null };
  const body: unknown = JSON.parse(text);
  const url =
    typeof body === 'object' && body !== null && 'endSessionUrl' in body ? body.endSessionUrl : null;
  return { endSessionUrl: typeof url === 'string' ? url : null };
}

/** The caller navigates away and forgets the session on success (see UserMenu). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
