import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Environment } from '@contract/common';
import type { PromotionTarget } from '@contract/gateway';
import { apiRequest } from '@/lib/api-client';
import {
  gatewayKeys,
  invalidateLineages,
  lineagePaths,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

export type PromoteInput = { lineageId: string; targetEnvironment: Environment };

/**
 * POST .../:lineageId/promote: the lineage's active version becomes the next active version of the
 * matching lineage of the next environment, or version 1 of a new one (docs/promotion.md).
 */
export async function promoteLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { lineageId, targetEnvironment }: PromoteInput,
): Promise<LineageOf<K>> {
  const res = await apiRequest('POST', lineagePaths.promote(kind, tenantId, lineageId), {
    targetEnvironment,
  });
  return (await res.json()) as LineageOf<K>;
}

export function usePromoteLineage<K extends LineageKind>(kind: K, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromoteInput) => promoteLineage(kind, tenantId, input),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}

/**
 * GET .../:lineageId/promotion-target?targetEnvironment=: the target lineage earlier promotions went to
 * and its active version (what the dialog diffs against); all null when a promotion creates one.
 */
export const promotionTargetQueryOptions = <K extends LineageKind>(
  kind: K,
  tenantId: string,
  lineageId: string,
  targetEnvironment: Environment,
) =>
  queryOptions({
    queryKey: gatewayKeys.promotionTarget(kind, tenantId, lineageId, targetEnvironment),
    queryFn: async () => {
      const url = `${lineagePaths.promotionTarget(kind, tenantId, lineageId)}?targetEnvironment=${encodeURIComponent(targetEnvironment)}`;
      const res = await apiRequest('GET', url);
      return (await res.json()) as PromotionTarget<LineageOf<K>>;
    },
    // Always what is there now: the preview is only worth something when fresh.
    staleTime: 0,
  });

export function usePromotionTarget<K extends LineageKind>(
  kind: K,
  tenantId: string,
  lineageId: string,
  targetEnvironment: Environment,
) {
  return useQuery(promotionTargetQueryOptions(kind, tenantId, lineageId, targetEnvironment));
}
