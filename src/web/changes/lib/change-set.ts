import type { ChangeItemState, ChangeRequestItem, ImpactKind } from '@contract/releases';
import { environments, type Environment } from '@contract/vocabulary';
import type { BadgeVariant } from '@/components/ui/badge';

/** The review's grouping: tenant, then environment, then kind, each in the order the set first names it. */
export type KindGroup = { kind: ChangeRequestItem['kind']; items: ChangeRequestItem[] };
export type EnvironmentGroup = { environment: ChangeRequestItem['environment']; kinds: KindGroup[] };
export type TenantGroup = { key: string; name: string; environments: EnvironmentGroup[] };

/** Finds the entry `matches` picks, or appends the one `make` builds. */
function entry<T>(list: T[], matches: (item: T) => boolean, make: () => T): T {
  const found = list.find(matches);
  if (found) return found;
  const made = make();
  list.push(made);
  return made;
}

/** The changes grouped by tenant (the platform's own as "Platform"), environment and kind, by position. */
export function groupChanges(changes: readonly ChangeRequestItem[]): TenantGroup[] {
  const tenants: TenantGroup[] = [];
  for (const item of [...changes].sort((a, b) => a.position - b.position)) {
    const key = item.tenantId ?? '';
    const tenant = entry(
      tenants,
      (group) => group.key === key,
      () => ({ key, name: item.tenantName ?? item.tenantId ?? 'Platform', environments: [] }),
    );
    const environment = entry(
      tenant.environments,
      (group) => group.environment === item.environment,
      () => ({ environment: item.environment, kinds: [] }),
    );
    entry(
      environment.kinds,
      (group) => group.kind === item.kind,
      () => ({ kind: item.kind, items: [] }),
    ).items.push(item);
  }
  return tenants;
}

/** "Change 2 (New route /orders)": how the page names a change, 1-based as people count. */
export const changeName = (item: Pick<ChangeRequestItem, 'position' | 'title'>): string =>
  `Change ${item.position + 1} (${item.title})`;

/** Each state's words; a reverted change reads "Rolled back", as the console says of switches. */
export const ITEM_STATE_LABELS: Record<ChangeItemState, string> = {
  pending: 'Pending',
  applied: 'Applied',
  failed: 'Failed',
  reverted: 'Rolled back',
  skipped: 'Skipped',
};

export const ITEM_STATE_VARIANTS: Record<ChangeItemState, BadgeVariant> = {
  pending: 'secondary',
  applied: 'outline',
  failed: 'destructive',
  reverted: 'secondary',
  skipped: 'outline',
};

/**
 * What a set touches, in words. Kept here, not in the contract's releases.ts, which carries zod and the
 * review page does not load; the type keeps these the contract's impact kinds.
 */
export const IMPACT_LABELS: Record<ImpactKind, string> = {
  tenants: 'Tenants',
  environments: 'Environments',
  regions: 'Regions',
  meshes: 'Web app meshes',
  webApps: 'Web apps',
  routes: 'Gateway routes',
  policies: 'OPA policies',
  slots: 'Slots',
};
/** The card's order; IMPACT_LABELS' type makes sure every kind has its words. */
export const IMPACT_ORDER: readonly ImpactKind[] = [
  'tenants',
  'environments',
  'regions',
  'meshes',
  'webApps',
  'routes',
  'policies',
  'slots',
];

/** The environment a set applied in is promoted to: development to UAT, UAT to production; none after. */
export function nextEnvironment(environment: Environment): Environment | null {
  return environments[environments.indexOf(environment) + 1] ?? null;
}
