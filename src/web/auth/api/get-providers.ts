import { useQuery } from '@tanstack/react-query';
// Types only: the sign-in page stays lean.
import type { AuthProviders } from '@contract/sso';
import { getJson } from '@/lib/api-client';

export const PROVIDERS_PATH = '/api/auth/providers';

/** GET /api/auth/providers (public): single sign-on, who may use a password, whom to ask for access. */
export function getProviders(): Promise<AuthProviders> {
  return getJson<AuthProviders>(PROVIDERS_PATH);
}

/** What the sign-in page offers; it falls back to the password form alone when this fails. */
export function useProviders() {
  return useQuery({
    queryKey: [PROVIDERS_PATH],
    queryFn: getProviders,
    // The page works without it: a failure must neither sign anyone out nor fail loudly.
    meta: { ignoreUnauthorized: true },
  });
}
