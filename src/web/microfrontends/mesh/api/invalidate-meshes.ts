import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * After a mesh is created, edited or deleted: what a mesh write refreshes (src/web/lib/resource-effects.ts).
 * `gone`: a deleted mesh's own read, marked stale but not refetched.
 */
export const invalidateMeshes = (queryClient: QueryClient, gone?: QueryKey): Promise<void> =>
  invalidateWritten(queryClient, 'mesh', {}, { gone });
