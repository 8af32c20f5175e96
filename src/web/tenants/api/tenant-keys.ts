import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';
import type { TenantListQuery } from '@/tenants/api/tenant-list-query';
import type { OptionsParams } from '@/components/server-combobox';

export const TENANTS_PATH = '/api/tenants';

/**
 * The only place a tenant query key is built. Every key starts with the endpoint's path, so one
 * prefix invalidation reaches the Tenants page, the control plane, the pickers and the name lookups.
 */
export const tenantKeys = {
  all: [TENANTS_PATH] as const,
  everyTenant: () => [...tenantKeys.all, 'every'] as const,
  lists: () => [...tenantKeys.all, 'list'] as const,
  list: (query: TenantListQuery) => [...tenantKeys.lists(), query] as const,
  details: () => [...tenantKeys.all, 'detail'] as const,
  detail: (id: string) => [...tenantKeys.details(), id] as const,
  options: (params: OptionsParams) => [...tenantKeys.all, 'options', params] as const,
};

/**
 * Other resources' reads a tenant change affects, by their endpoints' key roots: the Overview counts
 * tenants; web apps, meshes and user profiles lose a deleted tenant's rows and show tenant names.
 */
const AFFECTED_ROOTS = [
  ['/api/overview'],
  ['/api/web-apps'],
  ['/api/user-profiles'],
  ['/api/web-app-meshes'],
];

/** The roots of every read a tenant change may affect: the tenants' own and the others' above. */
export const tenantChangeRoots = [tenantKeys.all, ...AFFECTED_ROOTS];

/**
 * Every tenant mutation calls this, so every screen that shows tenants refreshes (what a tenant write
 * touches, src/web/lib/resource-effects.ts). `action` names a delete, which takes every child along.
 */
export const invalidateTenants = (queryClient: QueryClient, action?: string): Promise<void> =>
  invalidateWritten(queryClient, 'tenant', { action });
