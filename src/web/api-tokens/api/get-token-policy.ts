import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenPolicy } from '@contract/api-tokens';
import { getJson } from '@/lib/api-client';
import { TOKENS_PATH, apiTokenKeys } from '@/api-tokens/api/api-token-keys';

/** GET /api/tokens/policy: the default and the longest lifetime the create form offers. */
export function getTokenPolicy(): Promise<ApiTokenPolicy> {
  return getJson<ApiTokenPolicy>(`${TOKENS_PATH}/policy`);
}

export const tokenPolicyQueryOptions = () =>
  // The server's setting changes only with a restart.
  queryOptions({ queryKey: apiTokenKeys.policy(), queryFn: getTokenPolicy, staleTime: Infinity });

export function useTokenPolicy() {
  return useQuery(tokenPolicyQueryOptions());
}
