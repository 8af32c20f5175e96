import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/control-plane/api/create-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';

/** POST /api/capability-subscriptions/versions/{versionId}/activate (empty body). */
export async function activateVersion(versionId: string): Promise<ConfigurationVersion> {
  return sendJson<ConfigurationVersion>('POST', `${VERSIONS_PATH}/${encodeURIComponent(versionId)}/activate`);
}

export function useActivateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateVersion,
    onSuccess: (version) => invalidateVersions(queryClient, version.tenantId),
  });
}
