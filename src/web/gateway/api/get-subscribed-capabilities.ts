import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Environment } from '@contract/common';
import { gatewayPaths, type SubscribedCapability } from '@contract/gateway';
import { getJson } from '@/lib/api-client';
import { gatewayKeys } from '@/gateway/api/gateway-keys';

export type { SubscribedCapability };

/**
 * GET /api/tenants/:tenantId/gateway/:environment/capabilities: the capabilities the tenant subscribes
 * to in one environment (in any region), by name — the only ones the server accepts for routes and
 * policies. Configuring a capability (a configuration version) can add one, so every path that refreshes
 * after such a write reaches this key through `configurationVersionRoots`.
 */
export function getSubscribedCapabilities(
  tenantId: string,
  environment: Environment,
): Promise<SubscribedCapability[]> {
  return getJson<SubscribedCapability[]>(gatewayPaths.capabilities(tenantId, environment));
}

export const subscribedCapabilitiesQueryOptions = (tenantId: string, environment: Environment) =>
  queryOptions({
    queryKey: gatewayKeys.subscribedCapabilities(tenantId, environment),
    queryFn: () => getSubscribedCapabilities(tenantId, environment),
  });

export function useSubscribedCapabilities(tenantId: string, environment: Environment, enabled: boolean) {
  const query = useQuery({ ...subscribedCapabilitiesQueryOptions(tenantId, environment), enabled });
  return {
    capabilities: query.data ?? [],
    isPending: enabled && query.isPending,
    error: query.error,
  };
}
