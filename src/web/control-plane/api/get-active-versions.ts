import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigurationVersion } from '@contract/capability-subscriptions';
import { getJson } from '@/lib/api-client';

export const ACTIVE_VERSIONS_PATH = '/api/capability-subscriptions/versions/active';

export type VersionContext = { tenantId: string; environment: string; region: string };

/**
 * GET /api/capability-subscriptions/versions/active/{tenantId}/{environment}/{region}: every active
 * version of the tenant in one context, so the page needs one request however many capabilities exist.
 */
export function getActiveVersions({
  tenantId,
  environment,
  region,
}: VersionContext): Promise<ConfigurationVersion[]> {
  const path = [tenantId, environment, region].map(encodeURIComponent).join('/');
  return getJson<ConfigurationVersion[]>(`${ACTIVE_VERSIONS_PATH}/${path}`);
}

export const activeVersionsQueryOptions = (context: VersionContext) =>
  queryOptions({
    queryKey: [ACTIVE_VERSIONS_PATH, context.tenantId, context.environment, context.region],
    queryFn: () => getActiveVersions(context),
  });

/** The active versions of the context, keyed by capability id. */
export function useActiveVersions(context: VersionContext) {
  return useQuery({
    ...activeVersionsQueryOptions(context),
    select: (versions) => new Map(versions.map((version) => [version.capabilityId, version])),
  });
}
