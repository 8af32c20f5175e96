import type { QueryClient } from '@tanstack/react-query';
import { microfrontendKeys } from '@/microfrontends/api/microfrontend-keys';
import { meshKeys } from '@/microfrontends/mesh/api/mesh-keys';

/**
 * After any registry write (microfrontend or version): the registry page, the mesh form's pickers,
 * Deployments' resource and version lists all read through microfrontendKeys and refetch; mesh
 * manifests resolve versions (a deprecation shows there), so they refetch too.
 */
export async function invalidateMicrofrontends(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: microfrontendKeys.all }),
    queryClient.invalidateQueries({ queryKey: meshKeys.all }),
  ]);
}
