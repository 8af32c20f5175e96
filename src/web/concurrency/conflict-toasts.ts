import type { QueryClient } from '@tanstack/react-query';
import { isPreconditionFailed } from '@/lib/api-client';
import { notifyError, notifyProblem } from '@/components/notify';

/**
 * A delete sent with the revision the admin saw (If-Match) fails with 412 when someone changed the
 * resource since: say so instead of a bare error, so nobody deletes what they have not seen. The
 * caller's lists refetch (pass `refresh`) so the changed version is on screen.
 */
export function notifyDeleteError(
  error: unknown,
  what: string,
  fallback: string,
  refresh?: { queryClient: QueryClient; queryKey: readonly unknown[] },
): void {
  if (!isPreconditionFailed(error)) {
    notifyError(error, fallback);
    return;
  }
  notifyProblem(
    'Not deleted',
    `Someone else changed this ${what} after you opened it. Review the current version, then delete again.`,
  );
  if (refresh) void refresh.queryClient.invalidateQueries({ queryKey: refresh.queryKey });
}
