import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateApiTokens, tokensPath, type TokenOwner } from '@/api-tokens/api/api-token-keys';

/** DELETE /api/tokens/:tokenId (your own) or /api/users/:id/tokens/:tokenId (administrators). */
export async function revokeApiToken(owner: TokenOwner, tokenId: string): Promise<void> {
  await apiRequest('DELETE', `${tokensPath(owner)}/${encodeURIComponent(tokenId)}`);
}

export function useRevokeApiToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => revokeApiToken(owner, tokenId),
    onSuccess: () => invalidateApiTokens(queryClient),
  });
}
