import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { apiRequest } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/control-plane/api/create-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';

/** POST /api/capability-subscriptions/versions/{versionId}/activate (empty body). */
export async function activateVersion(versionId: string): Promise<ConfigurationVersion> {
  const res = await apiRequest('POST', `${VERSIONS_PATH}/${encodeURIComponent(versionId)}/activate`);
  return (await res.json()) as ConfigurationVersion;
}

export function useActivateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateVersion,
    onSuccess: (version) => invalidateVersions(queryClient, version.tenantId),
  });
}
