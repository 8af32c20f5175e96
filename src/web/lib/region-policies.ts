import { environmentNames, environments, type Environment } from '@contract/vocabulary';
import { isEnvironmentEnabled, storedPolicies } from '@contract/governance';
import type { EnvironmentRegionPolicy, Tenant } from '@contract/tenants';

/** The environments that may carry a region override (every one), in display order. */
export const OVERRIDE_ENVIRONMENTS: readonly { environment: Environment; label: string }[] = environments.map(
  (environment) => ({ environment, label: environmentNames[environment] }),
);

export type Overrides = Partial<Record<Environment, string[]>>;

export { isEnvironmentEnabled };

/**
 * environmentRegionPolicies JSON text, read as the server stores it (governance's reading: unreadable
 * text means no overrides).
 */
export function parseOverrides(text: string | null | undefined): Overrides {
  const overrides: Overrides = {};
  for (const { environment, regions } of storedPolicies(text ?? null)) overrides[environment] = regions;
  return overrides;
}

const toggle = (list: string[], value: string, on: boolean) =>
  on ? (list.includes(value) ? list : [...list, value]) : list.filter((v) => v !== value);

/**
 * Allowing or disallowing a region; disallowing also removes it from every override (docs/product.md,
 * Validation).
 */
export function setRegionAllowed(
  state: { allowed: string[]; overrides: Overrides },
  region: string,
  allowed: boolean,
): { allowed: string[]; overrides: Overrides } {
  if (allowed) return { ...state, allowed: toggle(state.allowed, region, true) };
  const overrides: Overrides = {};
  for (const environment of environments) {
    const regions = state.overrides[environment];
    if (regions) overrides[environment] = regions.filter((r) => r !== region);
  }
  return { allowed: toggle(state.allowed, region, false), overrides };
}

export function setOverrideRegion(
  overrides: Overrides,
  environment: Environment,
  region: string,
  on: boolean,
): Overrides {
  return { ...overrides, [environment]: toggle(overrides[environment] ?? [], region, on) };
}

/**
 * The environmentRegionPolicies to send: JSON text of the environments that have regions (only
 * enabled ones, only allowed regions), or null when none has any (docs/product.md, Validation).
 */
export function serializeOverrides(
  overrides: Overrides,
  allowed: string[],
  tenant: Pick<Tenant, 'developmentEnabled' | 'uatEnabled' | 'productionEnabled'>,
): string | null {
  const policies: EnvironmentRegionPolicy[] = OVERRIDE_ENVIRONMENTS.flatMap(({ environment }) => {
    const regions = (overrides[environment] ?? []).filter((r) => allowed.includes(r));
    return isEnvironmentEnabled(tenant, environment) && regions.length > 0 ? [{ environment, regions }] : [];
  });
  return policies.length > 0 ? JSON.stringify(policies) : null;
}
