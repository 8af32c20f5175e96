import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * After any registry write (microfrontend or version): what such a write refreshes
 * (src/web/lib/resource-effects.ts): the registry page, the mesh form's pickers and manifests (a
 * deprecation shows there) and Deployments' resource and version lists.
 */
export const invalidateMicrofrontends = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'microfrontend');
