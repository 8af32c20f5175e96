import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateChangeRequests, type AppliedRequest } from '@/changes/api/change-request-keys';
import { useAppliedChangeEffectsLoader } from '@/lib/applied-change-effects';

/**
 * After a change-request mutation: refreshes the requests, and, when the answer says the change
 * applied, what its kind touched (the app's table, src/web/lib/applied-change-effects.ts).
 */
export function useInvalidateChangeRequests(): (request?: AppliedRequest) => Promise<void> {
  const queryClient = useQueryClient();
  const load = useAppliedChangeEffectsLoader();
  return useCallback(
    async (request?: AppliedRequest) => {
      const effects = request?.status === 'applied' && load ? await load() : null;
      await invalidateChangeRequests(queryClient, request, effects);
    },
    [queryClient, load],
  );
}
