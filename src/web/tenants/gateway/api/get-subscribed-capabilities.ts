import { useQueries } from '@tanstack/react-query';
import { controlPlaneRegions, type Environment } from '@contract/common';
import { useCapabilityOptions } from '@/capabilities';
import { activeVersionsQueryOptions } from '@/tenants/control-plane/api/get-active-versions';

export type SubscribedCapability = { id: string; name: string };

/**
 * The capabilities the tenant subscribes to in one environment, in any region: the server accepts
 * routes and policies only for these. No endpoint lists subscriptions by environment, so this reads
 * the active configuration versions of each control-plane region (every subscription has exactly one
 * active version); they share their cache with the Capabilities tab. Names come in one options request.
 */
export function useSubscribedCapabilities(tenantId: string, environment: Environment, enabled: boolean) {
  const perRegion = useQueries({
    queries: controlPlaneRegions.map((region) => ({
      ...activeVersionsQueryOptions({ tenantId, environment, region }),
      enabled,
    })),
  });
  const pending = perRegion.some((query) => query.isPending);
  const error = perRegion.find((query) => query.error)?.error ?? null;
  const ids = [
    ...new Set(perRegion.flatMap((query) => (query.data ?? []).map((v) => v.capabilityId))),
  ].sort();
  const names = useCapabilityOptions({ ids }, { enabled: enabled && !pending && ids.length > 0 });
  const label = new Map((names.data?.rows ?? []).map((option) => [option.id, option.label]));
  const capabilities: SubscribedCapability[] = ids.map((id) => ({ id, name: label.get(id) ?? id }));
  return {
    capabilities,
    isPending: enabled && (pending || (ids.length > 0 && names.isPending)),
    error,
  };
}
