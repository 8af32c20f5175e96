import { and, exists, inArray, sql } from 'drizzle-orm';
import type { Change } from '../../contract/changes';
import { impactKinds, type Impact, type ImpactKind } from '../../contract/releases';
import { recordOf } from '../../contract/sets';
import type { Transaction } from '../db/client';
import {
  capabilitySubscriptionVersions,
  microfrontendVersions,
  tenants,
  webAppMeshes,
  webApps,
} from '../db/schema';
import type { ItemRow } from './release-items';

/*
 * What a set touches, computed from its changes and the data when it is read (docs/releases.md): the
 * reviewers' summary of tenants, environments, regions, meshes, web apps, routes, policies and slots.
 */

/** How many names each list shows; the count is always the whole. */
const NAMES_SHOWN = 50;

type Found = Record<ImpactKind, Set<string>>;

/** The name a change's diff gives its target ("orders-api · production" → "orders-api"). */
const targetName = (item: ItemRow) => item.diff[0]?.label.split(' · ')[0] ?? item.title;

/** The tenant ids a change names directly, besides the tenant whose policy it falls under. */
function tenantIdsIn(change: Change): string[] {
  if ('tenantId' in change && typeof change.tenantId === 'string') return [change.tenantId];
  if ('body' in change && 'tenantId' in change.body && typeof change.body.tenantId === 'string') {
    return [change.body.tenantId];
  }
  return [];
}

/** Adds what one change touches that its kind alone tells. */
/** The ids of what a change names, to be looked up by name. */
interface Refs {
  versionIds: string[];
  microfrontendIds: string[];
  webAppIds: string[];
}

function collect(found: Found, item: ItemRow): Refs {
  const { change } = item;
  const refs: Refs = { versionIds: [], microfrontendIds: [], webAppIds: [] };
  found.environments.add(item.environment);
  if (change.kind === 'configuration.create') found.regions.add(change.body.region);
  if (change.kind === 'configuration.promote') change.body.targetRegions.forEach((r) => found.regions.add(r));
  if (change.kind === 'configuration.activate') refs.versionIds.push(change.versionId);
  if (change.kind.startsWith('gateway_route.')) found.routes.add(targetName(item));
  if (change.kind.startsWith('opa_policy.')) found.policies.add(targetName(item));
  if (change.kind === 'web_app.update') refs.webAppIds.push(change.webAppId);
  // The kinds a plan files name their target in their diff (a deleted one is gone from the data).
  if (change.kind === 'web_app.create' || change.kind === 'web_app.delete')
    found.webApps.add(targetName(item));
  if (change.kind.startsWith('mesh.')) found.meshes.add(targetName(item));
  if (change.kind === 'capability_subscription.create') found.regions.add(change.body.region);
  if (change.kind === 'health_check.set') found.slots.add(targetName(item));
  if (change.kind.includes('deployment.') || change.kind.includes('blue_green.')) {
    const slot = 'body' in change && 'slot' in change.body ? ` · ${String(change.body.slot)}` : '';
    found.slots.add(`${targetName(item)} · ${item.environment}${slot}`);
  }
  if (
    change.kind === 'microfrontend_deployment.switch' ||
    change.kind === 'microfrontend_deployment.deploy'
  ) {
    refs.microfrontendIds.push(change.body.microfrontendId);
  }
  return refs;
}

export async function impactOf(tx: Transaction, items: ItemRow[]): Promise<Impact> {
  const found: Found = recordOf(impactKinds, () => new Set<string>());
  const tenantIds = new Set<string>();
  const refs = {
    versionIds: new Set<string>(),
    microfrontendIds: new Set<string>(),
    webAppIds: new Set<string>(),
  };
  for (const item of items) {
    if (item.tenantId) tenantIds.add(item.tenantId);
    tenantIdsIn(item.change).forEach((id) => tenantIds.add(id));
    const more = collect(found, item);
    more.versionIds.forEach((id) => refs.versionIds.add(id));
    more.microfrontendIds.forEach((id) => refs.microfrontendIds.add(id));
    more.webAppIds.forEach((id) => refs.webAppIds.add(id));
  }
  await lookUp(tx, found, { tenantIds, ...refs });
  return recordOf(impactKinds, (kind) => {
    const names = [...found[kind]].sort((a, b) => a.localeCompare(b));
    return { count: names.length, names: names.slice(0, NAMES_SHOWN) };
  });
}

/** The names only the data knows: tenants, regions of versions, web apps, and meshes that show a microfrontend. */
async function lookUp(
  tx: Transaction,
  found: Found,
  ids: {
    tenantIds: Set<string>;
    versionIds: Set<string>;
    microfrontendIds: Set<string>;
    webAppIds: Set<string>;
  },
) {
  if (ids.tenantIds.size > 0) {
    const rows = await tx
      .select({ name: tenants.name })
      .from(tenants)
      .where(inArray(tenants.id, [...ids.tenantIds]));
    rows.forEach((row) => found.tenants.add(row.name));
  }
  if (ids.versionIds.size > 0) {
    const rows = await tx
      .select({ region: capabilitySubscriptionVersions.region })
      .from(capabilitySubscriptionVersions)
      .where(inArray(capabilitySubscriptionVersions.id, [...ids.versionIds]));
    rows.forEach((row) => found.regions.add(row.region));
  }
  if (ids.webAppIds.size > 0) {
    const rows = await tx
      .select({ name: webApps.name })
      .from(webApps)
      .where(inArray(webApps.id, [...ids.webAppIds]));
    rows.forEach((row) => found.webApps.add(row.name));
  }
  if (ids.microfrontendIds.size > 0) {
    // A mesh shows a microfrontend through a menu item naming one of its versions.
    const rows = await tx
      .select({ name: webAppMeshes.name })
      .from(webAppMeshes)
      .where(
        exists(
          tx
            .select({ id: microfrontendVersions.id })
            .from(microfrontendVersions)
            .where(
              and(
                inArray(microfrontendVersions.microfrontendId, [...ids.microfrontendIds]),
                sql`position(${microfrontendVersions.id} in ${webAppMeshes.menuItems}) > 0`,
              ),
            ),
        ),
      )
      .limit(NAMES_SHOWN);
    rows.forEach((row) => found.meshes.add(row.name));
  }
}
