import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyPlanReply, Plan } from '@contract/config-doc';
import { invalidateChangeRequests } from '@/changes';
import { sendJson } from '@/lib/api-client';
import { APPLY_PLAN_PATH, PLANS_PATH } from '@/config-as-code/api/config-paths';

export type PlanInput = { document: string; prune: boolean };

/** POST /api/plans: what would make the live state match the document; creates nothing. */
export function planDocument({ document, prune }: PlanInput): Promise<Plan> {
  return sendJson<Plan>('POST', PLANS_PATH, { document, prune });
}

export function usePlanDocument() {
  return useMutation({ mutationFn: planDocument });
}

export type ApplyInput = PlanInput & { expected: Plan; title?: string };
/**
 * POST /api/plans/apply with the plan the person reviewed (a state that moved since is refused, 409,
 * naming the resource). The server decides: filed for review (201, its changeRequestId), or applied at
 * once (200, `applied`).
 */
export function applyPlan({ document, prune, expected, title }: ApplyInput): Promise<ApplyPlanReply> {
  return sendJson<ApplyPlanReply>('POST', APPLY_PLAN_PATH, { document, prune, expected, title });
}

export function useApplyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPlan,
    // Filed: the Changes list and badge; applied at once: whatever it changed, so every read.
    onSuccess: (reply) =>
      'applied' in reply ? queryClient.invalidateQueries() : invalidateChangeRequests(queryClient),
  });
}
