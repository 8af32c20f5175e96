import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Environment } from '@contract/common';
import type { PromotionTarget } from '@contract/gateway';
import { getJson } from '@/lib/api-client';
import { gatewayKeys, lineagePaths, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { postLineage, useLineageMutation } from '@/gateway/api/lineage-write';

export type PromoteInput = { lineageId: string; targetEnvironment: Environment };

/**
 * POST .../:lineageId/promote: the lineage's active version becomes the next active version of the
 * matching lineage of the next environment, or version 1 of a new one (docs/promotion.md).
 */
export function promoteLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { lineageId, targetEnvironment }: PromoteInput,
): Promise<LineageOf<K>> {
  return postLineage<K>(lineagePaths.promote(kind, tenantId, lineageId), { targetEnvironment });
}

export function usePromoteLineage<K extends LineageKind>(kind: K, tenantId: string) {
  return useLineageMutation(kind, tenantId, (input: PromoteInput) => promoteLineage(kind, tenantId, input));
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
    queryFn: () =>
      getJson<PromotionTarget<LineageOf<K>>>(
        `${lineagePaths.promotionTarget(kind, tenantId, lineageId)}?targetEnvironment=${encodeURIComponent(targetEnvironment)}`,
      ),
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
