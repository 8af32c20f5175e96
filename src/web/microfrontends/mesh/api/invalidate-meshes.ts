import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

/** After a mesh is created or edited: what a mesh write refreshes (src/web/lib/resource-effects.ts). */
export const invalidateMeshes = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'mesh');
