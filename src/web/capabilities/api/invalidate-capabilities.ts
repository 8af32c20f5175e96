import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * After any change to the catalogue (register, edit, delete, blue-green): what a capability write
 * refreshes (src/web/lib/resource-effects.ts): every screen that shows capabilities, as they all read
 * through capabilityKeys, and the Overview's counts.
 */
export const invalidateCapabilities = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'capability');
