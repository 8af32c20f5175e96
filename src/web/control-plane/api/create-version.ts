import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion, CreateVersionBody } from '@contract/capability-subscriptions';
import { apiRequest } from '@/lib/api-client';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';

export const VERSIONS_PATH = '/api/capability-subscriptions/versions';

/** POST /api/capability-subscriptions/versions: the next version of its context, made active. */
export async function createVersion(body: CreateVersionBody): Promise<ConfigurationVersion> {
  const res = await apiRequest('POST', VERSIONS_PATH, body);
  return (await res.json()) as ConfigurationVersion;
}

export function useCreateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVersion,
    onSuccess: (version) => invalidateVersions(queryClient, version.tenantId),
  });
}
