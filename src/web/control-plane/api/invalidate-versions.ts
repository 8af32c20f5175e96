import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ACTIVE_VERSIONS_PATH } from '@/control-plane/api/get-active-versions';
import { VERSION_HISTORY_PATH } from '@/control-plane/api/get-version-history';

/**
 * The roots of a tenant's configuration-version reads (active lists and histories, every context);
 * every tenant's when `tenantId` is null.
 */
export const configurationVersionRoots = (tenantId: string | null): QueryKey[] =>
  [ACTIVE_VERSIONS_PATH, VERSION_HISTORY_PATH].map((path) => (tenantId === null ? [path] : [path, tenantId]));

/** After a create or an activation: the tenant's active lists and histories are stale. */
export async function invalidateVersions(queryClient: QueryClient, tenantId: string): Promise<void> {
  await Promise.all(
    configurationVersionRoots(tenantId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
