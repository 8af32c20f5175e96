import type { QueryClient } from '@tanstack/react-query';
import type { ChangeRequest } from '@contract/changes';
import type { ChangeRequestListQuery } from '@/changes/api/change-request-list-query';
import { changeKindResourceTypes } from '@contract/resource-types';
import { invalidateWritten } from '@/lib/resource-effects';

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
 * Every change-request mutation calls this. An applied request also refreshes what a write of the
 * resource type its kind writes touches (src/web/lib/resource-effects.ts), the audit log among it.
 */
export async function invalidateChangeRequests(
  queryClient: QueryClient,
  request?: AppliedRequest,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: changeRequestKeys.all }),
    request?.status === 'applied' &&
      invalidateWritten(queryClient, changeKindResourceTypes[request.kind], {
        action: request.kind,
        tenantId: request.tenantId,
      }),
  ]);
}
