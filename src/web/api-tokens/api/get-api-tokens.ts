import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@contract/api-tokens';
import { getJson } from '@/lib/api-client';
import { apiTokenKeys, tokensPath, type TokenOwner } from '@/api-tokens/api/api-token-keys';

/** GET /api/tokens (your own) or /api/users/:id/tokens (administrators): newest first. */
export function getApiTokens(owner: TokenOwner): Promise<ApiToken[]> {
  return getJson<ApiToken[]>(tokensPath(owner));
}

export const apiTokensQueryOptions = (owner: TokenOwner) =>
  queryOptions({ queryKey: apiTokenKeys.list(owner), queryFn: () => getApiTokens(owner) });

export function useApiTokens(owner: TokenOwner) {
  return useQuery(apiTokensQueryOptions(owner));
}
