import type { QueryClient } from '@tanstack/react-query';
import type { ChangeRequestListQuery } from '@/changes/api/get-change-requests';

export const CHANGE_REQUESTS_PATH = '/api/change-requests';

/**
 * The only place a change-request query key is built. Every key starts with 'change-requests', so one
 * invalidation of that root refreshes the list, the open review page and the sidebar badge together.
 */
export const changeRequestKeys = {
  all: ['change-requests'] as const,
  lists: () => [...changeRequestKeys.all, 'list'] as const,
  list: (query: ChangeRequestListQuery) => [...changeRequestKeys.lists(), query] as const,
  details: () => [...changeRequestKeys.all, 'detail'] as const,
  detail: (id: string) => [...changeRequestKeys.details(), id] as const,
  summary: () => [...changeRequestKeys.all, 'summary'] as const,
  policy: (tenantId: string | null) => [...changeRequestKeys.all, 'policy', tenantId ?? 'platform'] as const,
};

/**
 * What an applied request may have changed, by the key roots of those reads: configuration versions,
 * tenants (blue-green, gateway and policy server settings live on the tenant), capabilities (their
 * blue-green), deployment slots, web apps (and the Overview that lists them). Approval policies are
 * under this feature's own root.
 */
const APPLIED_ROOTS = [
  ['/api/capability-subscriptions'],
  ['/api/tenants'],
  ['/api/capabilities'],
  ['capabilities'],
  ['deployments'],
  ['/api/web-apps'],
  ['/api/overview'],
  ['/api/audit-events'],
];

/** Every change-request mutation calls this; `applied` also refreshes what the change touched. */
export async function invalidateChangeRequests(queryClient: QueryClient, applied = false): Promise<void> {
  const roots = applied ? [changeRequestKeys.all, ...APPLIED_ROOTS] : [changeRequestKeys.all];
  await Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
