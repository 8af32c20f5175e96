import { useQuery } from '@tanstack/react-query';
// Types only: the sign-in page stays lean.
import type { AuthProviders } from '@contract/sso';
import { sendJson } from '@/lib/api-client';

export const PROVIDERS_PATH = '/api/auth/providers';

/**
 * How long the sign-in page waits for the providers before showing the password form alone: a server
 * that hangs must not leave a spinner where the form should be.
 */
export const PROVIDERS_TIMEOUT_MS = 5_000;

/** GET /api/auth/providers (public): single sign-on, who may use a password, whom to ask for access. */
export async function getProviders(signal?: AbortSignal): Promise<AuthProviders> {
  const limit = new AbortController();
  const timer = setTimeout(
    () => limit.abort(new DOMException('The providers call timed out', 'TimeoutError')),
    PROVIDERS_TIMEOUT_MS,
  );
  try {
    return await sendJson<AuthProviders>('GET', PROVIDERS_PATH, undefined, {
      signal: signal ? AbortSignal.any([signal, limit.signal]) : limit.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** What the sign-in page offers; it falls back to the password form alone when this fails. */
export function useProviders() {
  return useQuery({
    queryKey: [PROVIDERS_PATH],
    queryFn: ({ signal }) => getProviders(signal),
    // The page works without it: a failure must neither sign anyone out nor fail loudly.
    meta: { ignoreUnauthorized: true },
  });
}
