import { z } from 'zod';
import { controlPlaneRegions, environmentNames, environments, type Environment } from '../../contract/common';
import type { FieldIssue } from '../../contract/errors';
import { isEnvironmentEnabled, storedPolicies } from '../../contract/governance';
import {
  environmentRegionPolicySchema,
  type EnvironmentRegionPolicy,
  type Tenant,
} from '../../contract/tenants';
import { AppError, badRequest, conflict } from '../errors';

/** Whether the tenant has `environment` enabled: the contract's rule, as the console reads it too. */
export const environmentEnabled = isEnvironmentEnabled;

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

type Governed = Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'> & {
  allowedRegions: string[] | null;
};

const ENVIRONMENTS = environments;
const LABEL = environmentNames;
const unique = (regions: readonly string[]) => [...new Set(regions)];
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((r) => b.includes(r));
const regionsOf = (policies: EnvironmentRegionPolicy[], environment: Environment) =>
  unique(policies.find((p) => p.environment === environment)?.regions ?? []);

/**
 * The overrides a tenant keeps after a change (docs/product.md, Validation), in environment order.
 * - Enabled environments take what the client sent, when it sent overrides; a region outside the
 *   allowed ones is a 400.
 * - Disabled environments keep their stored override: the screens hide it, so no client can be expected
 *   to resend it, and re-enabling the environment must restore it rather than lift its limit. A client
 *   may echo it back unchanged; any other override for a disabled environment is a 400.
 * - Every override is cut to the allowed regions (none allowed: no overrides, as on the screen); one
 *   left with no region disappears, which `wideningsOf` then reports.
 */
export function resolvePolicies(
  stored: EnvironmentRegionPolicy[],
  sent: EnvironmentRegionPolicy[] | undefined,
  tenant: Governed,
): EnvironmentRegionPolicy[] {
  const allowed = tenant.allowedRegions ?? [];
  const refuse = (message: string, detail: string): never => {
    throw badRequest(message, [{ path: 'body.environmentRegionPolicies', message: detail }]);
  };
  const kept: EnvironmentRegionPolicy[] = [];
  for (const environment of ENVIRONMENTS) {
    const storedRegions = regionsOf(stored, environment);
    let regions = storedRegions;
    if (sent !== undefined) {
      const sentRegions = regionsOf(sent, environment);
      if (environmentEnabled(tenant, environment)) {
        const outside = sentRegions.filter((r) => !allowed.includes(r));
        if (outside.length > 0)
          refuse(
            `Override regions must be allowed regions: ${outside.join(', ')}`,
            `Not allowed: ${outside.join(', ')}`,
          );
        regions = sentRegions;
      } else if (
        sentRegions.length > 0 &&
        !sameSet(
          sentRegions,
          storedRegions.filter((r) => allowed.includes(r)),
        )
      ) {
        refuse(
          `The ${environment} environment is not enabled for this tenant`,
          `${environment} is not enabled`,
        );
      }
    }
    const inside = regions.filter((r) => allowed.includes(r));
    if (inside.length > 0) kept.push({ environment, regions: inside });
  }
  return kept;
}

/** The regions an environment's rules admit, whether or not it is enabled (no allowed regions: all 11). */
function admitted(allowedRegions: string[] | null, override: string[]): string[] {
  const base: readonly string[] =
    allowedRegions && allowedRegions.length > 0 ? allowedRegions : controlPlaneRegions;
  return override.length > 0 ? base.filter((r) => override.includes(r)) : [...base];
}

/** One environment a change would let take regions it refuses today, and why. */
export interface Widening {
  environment: Environment;
  cause: 'removed' | 'emptied' | 'widened' | 'unrestricted';
  /** Regions it would accept that it refuses today. */
  gained: string[];
  /** Its override today ([] when none). */
  override: string[];
  message: string;
}

/**
 * What a change would widen by accident: an environment's override removed, emptied by narrower allowed
 * regions, or widened, or the allowed regions cleared (no limit at all). Checking a further allowed
 * region for environments without an override is what the administrator asked for, and is not reported.
 * Enabled flags play no part: a disabled environment keeps its override, which applies again on
 * re-enabling, so its limits count as well.
 */
export function wideningsOf(
  before: Governed & { policies: EnvironmentRegionPolicy[] },
  after: Governed & { policies: EnvironmentRegionPolicy[] },
  policiesSent: boolean,
): Widening[] {
  const found: Widening[] = [];
  for (const environment of ENVIRONMENTS) {
    const overrideBefore = regionsOf(before.policies, environment);
    const overrideAfter = regionsOf(after.policies, environment);
    const refusedToday = admitted(before.allowedRegions, overrideBefore);
    const gained = admitted(after.allowedRegions, overrideAfter).filter((r) => !refusedToday.includes(r));
    if (gained.length === 0) continue;
    const cleared = (before.allowedRegions ?? []).length > 0 && (after.allowedRegions ?? []).length === 0;
    const cause: Widening['cause'] | undefined =
      overrideBefore.length > 0
        ? overrideAfter.length > 0
          ? 'widened'
          : policiesSent || cleared
            ? 'removed'
            : 'emptied'
        : cleared
          ? 'unrestricted'
          : undefined;
    if (!cause) continue;
    const label = LABEL[environment];
    const what = {
      removed: `${label}'s region override would be removed`,
      emptied: `${label}'s region override (${overrideBefore.join(', ')}) would be left with no allowed region`,
      widened: `${label}'s region override would be widened`,
      unrestricted: 'Clearing the allowed regions would lift every region limit',
    }[cause];
    found.push({
      environment,
      cause,
      gained,
      override: overrideBefore,
      message: `${what}: ${environment} would accept ${gained.join(', ')}, which it refuses today.`,
    });
  }
  return found;
}

/** The 409 for widenings the request did not confirm: names each environment and override. */
export function wideningConflict(widenings: Widening[]): AppError {
  return new AppError(
    'CONFLICT',
    `${widenings.map((w) => w.message).join(' ')} Send confirmWidening: true to confirm.`,
    widenings.map((w) => ({ path: 'body.confirmWidening', message: w.message })),
  );
}

/** Leniently reads stored overrides (never refuses what is already stored). */
/** environmentRegionPolicies as stored (the contract's reading, shared with the client's selects). */
export { storedPolicies };

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
