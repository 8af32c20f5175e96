import type { QueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '@contract/changes';
import type { ChangeRequestListQuery } from '@/changes/api/change-request-list-query';
import type { AppliedChangeEffects } from '@/lib/applied-change-effects';

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

/** The request a mutation answered: its kind and tenant say what it changed, once applied. */
export type AppliedRequest = Pick<ChangeRequest, 'kind' | 'tenantId' | 'status'>;

/**
 * Every change-request mutation calls this. An applied request also refreshes what its kind touched
 * (the audit log among it); without a table (a component rendered alone) every query refetches, which is
 * never stale, only slower.
 */
export async function invalidateChangeRequests(
  queryClient: QueryClient,
  request?: AppliedRequest,
  effects?: AppliedChangeEffects | null,
): Promise<void> {
  if (request?.status === 'applied' && !effects) return queryClient.invalidateQueries();
  const touched = request?.status === 'applied' && effects ? effects(request.kind, request.tenantId) : [];
  const roots = [changeRequestKeys.all, ...touched];
  await Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
