import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateChangeRequests, type AppliedRequest } from '@/changes/api/change-request-keys';

/**
 * After a change-request mutation: refreshes the requests, and, when the answer says the change
 * applied, what its kind touched (src/web/lib/resource-effects.ts).
 */
export function useInvalidateChangeRequests(): (request?: AppliedRequest) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (request?: AppliedRequest) => invalidateChangeRequests(queryClient, request),
    [queryClient],
  );
}
