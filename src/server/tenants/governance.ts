import { z } from 'zod';
import { controlPlaneRegions, type Environment } from '../../contract/common';
import type { FieldIssue } from '../../contract/errors';
import {
  environmentRegionPolicySchema,
  type EnvironmentRegionPolicy,
  type Tenant,
} from '../../contract/tenants';
import { badRequest, conflict } from '../errors';

const ENABLED_FLAG = {
  development: 'developmentEnabled',
  uat: 'uatEnabled',
  production: 'productionEnabled',
} as const;

export const environmentEnabled = (
  tenant: Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'>,
  environment: Environment,
) => tenant[ENABLED_FLAG[environment]];

/** JSON-text fields: empty means none (null); anything else must parse, or 400 naming the field. */
export function jsonTextOrNull(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  try {
    JSON.parse(value);
  } catch {
    throw badRequest(`${field} must be valid JSON`, [
      { path: `body.${field}`, message: 'Must be valid JSON' },
    ]);
  }
  return value;
}

/** Checks the allowed regions against the 11 control-plane regions; answers them deduplicated, or null. */
export function checkAllowedRegions(regions: string[] | null | undefined): string[] | null | undefined {
  if (regions === undefined) return undefined;
  if (regions === null) return null;
  const known = new Set<string>(controlPlaneRegions);
  const issues: FieldIssue[] = regions
    .map((region, i) => ({ region, i }))
    .filter(({ region }) => !known.has(region))
    .map(({ region, i }) => ({ path: `body.allowedRegions.${i}`, message: `Unknown region ${region}` }));
  if (issues.length > 0) throw badRequest(issues.map((i) => i.message).join('; '), issues);
  const unique = [...new Set(regions)];
  return unique.length > 0 ? unique : null;
}

/** Parses environmentRegionPolicies text sent by a client: a list of {environment, regions}, strictly. */
export function parsePolicies(text: string): EnvironmentRegionPolicy[] {
  const fail = (message: string): never => {
    throw badRequest(`environmentRegionPolicies ${message}`, [
      { path: 'body.environmentRegionPolicies', message },
    ]);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('must be valid JSON');
  }
  const parsed = z.array(environmentRegionPolicySchema).safeParse(raw);
  if (!parsed.success) return fail('must be a list of {environment, regions}');
  return parsed.data;
}

/**
 * The overrides a tenant keeps: only for enabled environments, only allowed regions, null when no
 * environment has regions (SPEC.md section 5). `strict` refuses (400) what a client sent that breaks a
 * rule; otherwise (stored overrides after the regions or environments changed) it is dropped quietly.
 */
export function normalisePolicies(
  policies: EnvironmentRegionPolicy[],
  tenant: Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'> & {
    allowedRegions: string[] | null;
  },
  strict: boolean,
): string | null {
  const allowed = new Set(tenant.allowedRegions ?? []);
  const kept: EnvironmentRegionPolicy[] = [];
  for (const policy of policies) {
    const regions = [...new Set(policy.regions)];
    if (!environmentEnabled(tenant, policy.environment)) {
      if (strict && regions.length > 0)
        throw badRequest(`The ${policy.environment} environment is not enabled for this tenant`, [
          { path: 'body.environmentRegionPolicies', message: `${policy.environment} is not enabled` },
        ]);
      continue;
    }
    const outside = regions.filter((r) => !allowed.has(r));
    if (strict && outside.length > 0) {
      throw badRequest(`Override regions must be allowed regions: ${outside.join(', ')}`, [
        { path: 'body.environmentRegionPolicies', message: `Not allowed: ${outside.join(', ')}` },
      ]);
    }
    const inside = regions.filter((r) => allowed.has(r));
    if (inside.length > 0 && !kept.some((k) => k.environment === policy.environment))
      kept.push({ environment: policy.environment, regions: inside });
  }
  return kept.length > 0 ? JSON.stringify(kept) : null;
}

/** Leniently reads stored overrides (never refuses what is already stored). */
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
 * Data governance for configuration versions: the environment must be enabled, the region allowed, and
 * inside that environment's override when it has one. Refusals are 409s naming the rule.
 */
export function assertRegionAllowed(tenant: Tenant, environment: Environment, region: string): void {
  if (!environmentEnabled(tenant, environment))
    throw conflict(`The ${environment} environment is not enabled for tenant ${tenant.name}`);
  const allowed = tenant.allowedRegions ?? [];
  if (allowed.length > 0 && !allowed.includes(region)) {
    throw conflict(
      `Region ${region} is not among the allowed regions of tenant ${tenant.name} (${allowed.join(', ')})`,
    );
  }
  const override = storedPolicies(tenant.environmentRegionPolicies).find(
    (p) => p.environment === environment,
  );
  if (override && override.regions.length > 0 && !override.regions.includes(region)) {
    throw conflict(
      `Region ${region} is outside the ${environment} region override of tenant ${tenant.name} (${override.regions.join(', ')})`,
    );
  }
}
