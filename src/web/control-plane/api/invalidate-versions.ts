import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ACTIVE_VERSIONS_PATH } from '@/control-plane/api/get-active-versions';
import { VERSION_HISTORY_PATH } from '@/control-plane/api/get-version-history';
import { gatewayKeys } from '@/gateway';
import { invalidateWritten } from '@/lib/resource-effects';

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

/** After a create or an activation: what a version write of the tenant refreshes (the roots above). */
export const invalidateVersions = (queryClient: QueryClient, tenantId: string): Promise<void> =>
  invalidateWritten(queryClient, 'configuration-version', { tenantId });
