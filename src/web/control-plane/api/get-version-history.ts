import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { getJson } from '@/lib/api-client';
import type { VersionContext } from '@/control-plane/api/get-active-versions';

export const VERSION_HISTORY_PATH = '/api/capability-subscriptions/versions/history';

export type HistoryContext = VersionContext & { capabilityId: string };

/**
 * GET .../history/{tenantId}/{capabilityId}/{environment}/{region}: newest first; an error yields []
 * (docs/product.md, API calls).
 */
export async function getVersionHistory(context: HistoryContext): Promise<ConfigurationVersion[]> {
  const path = [context.tenantId, context.capabilityId, context.environment, context.region]
    .map(encodeURIComponent)
    .join('/');
  try {
    return await getJson<ConfigurationVersion[]>(`${VERSION_HISTORY_PATH}/${path}`);
  } catch {
    return [];
  }
}

export const versionHistoryQueryOptions = (context: HistoryContext) =>
  queryOptions({
    queryKey: [
      VERSION_HISTORY_PATH,
      context.tenantId,
      context.capabilityId,
      context.environment,
      context.region,
    ],
    queryFn: () => getVersionHistory(context),
  });

export function useVersionHistory(context: HistoryContext, enabled: boolean) {
  return useQuery({ ...versionHistoryQueryOptions(context), enabled });
}
