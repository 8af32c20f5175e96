import type { QueryClient } from '@tanstack/react-query';
import { capabilityKeys } from '@/capabilities/api/capability-keys';
import { overviewKeys } from '@/overview';

/**
 * After any change to the catalogue (register, edit, delete, blue-green): every screen that shows
 * capabilities refetches (the /apis table, the capability page, the control plane's grid, the
 * Deployments and other pickers, since they all read through capabilityKeys) and so do the
 * Overview's counts.
 */
export async function invalidateCapabilities(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: capabilityKeys.all }),
    queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
  ]);
}
