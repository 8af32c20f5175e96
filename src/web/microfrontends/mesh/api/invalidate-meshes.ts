import type { QueryClient } from '@tanstack/react-query';
import { meshKeys } from '@/microfrontends/mesh/api/mesh-keys';

/** After a mesh is created or deleted: every mesh list (any page, search or tenant) refetches. */
export function invalidateMeshes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meshKeys.lists() });
}
