import { z } from 'zod';
import { controlPlaneRegions, environments, type Environment } from './common';
import { environmentRegionPolicySchema, type EnvironmentRegionPolicy, type Tenant } from './tenants';

/** The tenant fields data governance reads. */
export type GovernedTenant = Pick<
  Tenant,
  'developmentEnabled' | 'uatEnabled' | 'productionEnabled' | 'allowedRegions' | 'environmentRegionPolicies'
>;

const ENABLED_FLAG = {
  development: 'developmentEnabled',
  uat: 'uatEnabled',
  production: 'productionEnabled',
} as const;

export const isEnvironmentEnabled = (
  tenant: Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'>,
  environment: Environment,
): boolean => tenant[ENABLED_FLAG[environment]];

/** The environments a tenant has enabled, in the usual order (development, uat, production). */
export const enabledEnvironments = (
  tenant: Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'>,
): Environment[] => environments.filter((environment) => isEnvironmentEnabled(tenant, environment));

/** environmentRegionPolicies as stored: unreadable or malformed text means no overrides. */
export function storedPolicies(text: string | null): EnvironmentRegionPolicy[] {
  if (!text) return [];
  try {
    const parsed = z.array(environmentRegionPolicySchema).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * What limits the regions of an environment: its own override (a non-empty one), else the tenant's
 * allowed regions (when there are any), else nothing.
 */
export function regionLimit(tenant: GovernedTenant, environment: Environment): 'override' | 'allowed' | null {
  const override = storedPolicies(tenant.environmentRegionPolicies).find(
    (p) => p.environment === environment,
  );
  if (override && override.regions.length > 0) return 'override';
  return (tenant.allowedRegions ?? []).length > 0 ? 'allowed' : null;
}

/**
 * The control-plane regions a configuration version of `environment` may use (the server's rule, so
 * that a form never offers what a save would refuse): one of the allowed regions when there are any,
 * and inside the environment's override when it has one. The environment itself must be enabled too;
 * that is enabledEnvironments' part.
 */
export function acceptedRegions(tenant: GovernedTenant, environment: Environment): string[] {
  const allowed = tenant.allowedRegions ?? [];
  const override = storedPolicies(tenant.environmentRegionPolicies).find(
    (p) => p.environment === environment,
  );
  return controlPlaneRegions.filter(
    (region) =>
      (allowed.length === 0 || allowed.includes(region)) &&
      (!override || override.regions.length === 0 || override.regions.includes(region)),
  );
}
