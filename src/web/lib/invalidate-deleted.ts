import { partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AuditResourceType } from '@contract/resource-types';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * After a delete: refreshes what a write of `resourceType` touches, except the deleted resource's own
 * read (`gone`), which is marked stale but not refetched. The screen that shows it may still be open (and
 * is about to leave), and a refetch would only answer 404. A module of its own, loaded with the screens
 * that delete from a detail page, not with the first screen.
 */
export async function invalidateDeleted(
  queryClient: QueryClient,
  resourceType: AuditResourceType,
  gone: QueryKey,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: gone, refetchType: 'none' });
  await invalidateWritten(queryClient, resourceType, {}, (query) => !partialMatchKey(query.queryKey, gone));
}
