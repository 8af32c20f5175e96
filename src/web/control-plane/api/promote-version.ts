import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion, PromoteVersionBody } from '@contract/capability-subscriptions';
import { sendJson } from '@/lib/api-client';
import { VERSIONS_PATH } from '@/control-plane/api/create-version';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';

/**
 * POST /api/capability-subscriptions/versions/{versionId}/promote: the same configuration as the next
 * active version in each target region of the next environment (all or nothing).
 */
export async function promoteVersion({
  versionId,
  body,
}: {
  versionId: string;
  body: PromoteVersionBody;
}): Promise<ConfigurationVersion[]> {
  return sendJson<ConfigurationVersion[]>(
    'POST',
    `${VERSIONS_PATH}/${encodeURIComponent(versionId)}/promote`,
    body,
  );
}

export function usePromoteVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteVersion,
    onSuccess: (created) => (created[0] ? invalidateVersions(queryClient, created[0].tenantId) : undefined),
  });
}
