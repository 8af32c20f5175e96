import type { QueryClient } from '@tanstack/react-query';
import { ACTIVE_VERSIONS_PATH } from '@/tenants/control-plane/api/get-active-versions';
import { VERSION_HISTORY_PATH } from '@/tenants/control-plane/api/get-version-history';

/** After a create or an activation: the tenant's active lists and histories are stale. */
export function invalidateVersions(queryClient: QueryClient, tenantId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ACTIVE_VERSIONS_PATH, tenantId] }),
    queryClient.invalidateQueries({ queryKey: [VERSION_HISTORY_PATH, tenantId] }),
  ]).then(() => undefined);
}
