import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, Me } from '@contract/auth';
import { ME_PATH, ME_QUERY_KEY } from '@/auth/api/get-me';
import { sendJson } from '@/lib/api-client';

/** POST /api/auth/login: sets the session cookie and answers the signed-in user. */
export async function login(body: LoginBody): Promise<Me> {
  return sendJson<Me>('POST', '/api/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A 401 here means a wrong pair, not an expired session: the form shows it.
    meta: { ignoreUnauthorized: true },
    onSuccess: (me) => {
      // Nothing cached under another identity may survive into this session. The me query itself is
      // updated in place, so the sign-in page (observing it) moves on.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_PATH });
      queryClient.setQueryData(ME_QUERY_KEY, me);
    },
  });
}
