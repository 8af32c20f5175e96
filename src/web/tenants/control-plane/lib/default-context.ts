import { controlPlaneRegions, environments, type Environment } from '@contract/common';
import type { Tenant } from '@contract/tenants';
import { isEnvironmentEnabled, parseOverrides } from '@/tenants/control-plane/lib/region-policies';

export type Context = { environment: Environment; region: string };

/**
 * The context the Capabilities tab opens on: production (else the first enabled environment), and the
 * first region that environment's override allows, else the first allowed region, else us-east-1 —
 * so that Configure works without the user first finding a region the tenant's governance accepts.
 */
export function defaultContext(tenant: Tenant): Context {
  const environment =
    (['production', ...environments] as const).find((env) => isEnvironmentEnabled(tenant, env)) ??
    'production';
  const override = parseOverrides(tenant.environmentRegionPolicies)[environment] ?? [];
  const region = override[0] ?? tenant.allowedRegions?.[0] ?? controlPlaneRegions[0];
  return { environment, region };
}
