import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationVersion, CreateVersionBody } from '@contract/capability-subscriptions';
import { sendJson } from '@/lib/api-client';
import { invalidateVersions } from '@/control-plane/api/invalidate-versions';

export const VERSIONS_PATH = '/api/capability-subscriptions/versions';

/** POST /api/capability-subscriptions/versions: the next version of its context, made active. */
export async function createVersion(body: CreateVersionBody): Promise<ConfigurationVersion> {
  return sendJson<ConfigurationVersion>('POST', VERSIONS_PATH, body);
}

export function useCreateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVersion,
    onSuccess: (version) => invalidateVersions(queryClient, version.tenantId),
  });
}
