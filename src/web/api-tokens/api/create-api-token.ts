import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreated, ApiTokenInput } from '@contract/api-tokens';
import { sendJson } from '@/lib/api-client';
import { invalidateApiTokens, tokensPath, type TokenOwner } from '@/api-tokens/api/api-token-keys';

/**
 * POST /api/tokens (your own) or /api/users/:id/tokens (administrators, for a service account; 409 for
 * a person). The reply holds the secret: the only time it is ever sent.
 */
export function createApiToken(owner: TokenOwner, input: ApiTokenInput): Promise<ApiTokenCreated> {
  return sendJson<ApiTokenCreated>('POST', tokensPath(owner), input);
}

export function useCreateApiToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => createApiToken(owner, input),
    onSuccess: () => invalidateApiTokens(queryClient),
  });
}
