import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ACTIVE_VERSIONS_PATH } from '@/control-plane/api/get-active-versions';
import { VERSION_HISTORY_PATH } from '@/control-plane/api/get-version-history';
import { gatewayKeys } from '@/gateway';

/**
 * What a configuration-version write (create, activate, promote) refreshes, by every path (this
 * invalidator, an applied request, a live event): the tenant's active lists and histories in every
 * context, and the gateway dialogs' picker of the capabilities it subscribes to, which a version adds
 * to; every tenant's when `tenantId` is null.
 */
export const configurationVersionRoots = (tenantId: string | null): QueryKey[] => [
  ...[ACTIVE_VERSIONS_PATH, VERSION_HISTORY_PATH].map((path) =>
    tenantId === null ? [path] : [path, tenantId],
  ),
  gatewayKeys.subscribedCapabilitiesOf(tenantId),
];

/** After a create or an activation: the tenant's active lists and histories are stale. */
export async function invalidateVersions(queryClient: QueryClient, tenantId: string): Promise<void> {
  await Promise.all(
    configurationVersionRoots(tenantId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
