import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

/** After a mesh is created, edited or deleted: what a mesh write refreshes (src/web/lib/resource-effects.ts). */
export const invalidateMeshes = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'mesh');
