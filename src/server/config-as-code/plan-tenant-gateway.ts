import { subscriptionIdFor } from '../../contract/capability-subscriptions';
import type { Change } from '../../contract/changes';
import { controlPlaneRegionSchema, type Environment } from '../../contract/common';
import { routeMethods } from '../../contract/gateway';
import type { TenantSpec } from '../../contract/config-doc';
import { badRequest } from '../errors';
import type { LiveTenant } from './export-tenant';
import { withSecrets } from '../secrets/secret-values';
import { jsonOf, sameValue, textOf } from './json-values';
import { configurationKey, policyKey, routeKey } from './keys';
import { matched, storedText, type Drafts } from './drafts';

/* A tenant document's configurations, routes and policies, planned against the live tenant. */

/** Capability name -> id; a name two capabilities share names neither (the document cannot tell them apart). */
export function capabilityIds(names: Map<string, string>): (name: string) => string | undefined {
  const ids = new Map<string, string | null>();
  for (const [id, name] of names) ids.set(name, ids.has(name) ? null : id);
  return (name) => ids.get(name) ?? undefined;
}

function capabilityOf(drafts: Drafts, live: LiveTenant, name: string, path: string): string | undefined {
  const id = capabilityIds(live.names)(name);
  if (!id) drafts.cannot(path, `no capability is named ${name}`);
  return id;
}

/** configuration.create where a context's active configuration differs or is missing. */
export function planConfigurations(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const { pairs } = matched(spec.configurations, live.configurations, configurationKey, (p) =>
    configurationKey(p.doc),
  );
  for (const { wanted, index, live: current } of pairs) {
    // No configuration is the empty one, as the server stores it.
    if (current && sameValue(wanted.configuration ?? {}, current.doc.configuration)) continue;
    const path = `spec.configurations[${index}]`;
    const capabilityId = capabilityOf(drafts, live, wanted.capability, `${path}.capability`);
    const region = controlPlaneRegionSchema.safeParse(wanted.region);
    if (!region.success) drafts.cannot(`${path}.region`, `${wanted.region} is not a control plane region`);
    if (!capabilityId || !region.success) continue;
    const missing = (ref: string): never => {
      throw badRequest(`${path}.configuration: ${ref} refers to no secret the server holds`, [
        { path: `${path}.configuration`, message: `${ref} refers to no secret the server holds` },
      ]);
    };
    const value = withSecrets(wanted.configuration, jsonOf(current?.row.configuration), missing);
    drafts.add(
      {
        kind: 'configuration.create',
        body: {
          subscriptionId: subscriptionIdFor(live.row.id, capabilityId),
          tenantId: live.row.id,
          capabilityId,
          environment: wanted.environment,
          region: region.data,
          // The server's own spelling of an object: JSON text.
          configuration: textOf(value) ?? '{}',
        },
      },
      'configuration',
      configurationKey(wanted),
      current?.row.id ?? null,
    );
  }
  // An active configuration is never removed (no change kind does): one the document omits stays.
}

/** How one lineage kind (routes or policies) is written: its changes, built from a document entry. */
interface LineagePlan<D extends { environment: Environment; capability: string }> {
  type: 'gateway_route' | 'opa_policy';
  list: 'routes' | 'policies';
  key: (doc: D) => string;
  disable: (lineageId: string) => Change;
  edit: (lineageId: string, wanted: D) => Change;
  create: (wanted: D, capabilityId: string) => Change;
}

/**
 * A lineage kind's plan: create the new, edit the changed (a new version of its lineage), and (prune)
 * disable the omitted. A lineage keeps its capability: another capability is a new lineage in place of
 * the old one (disabled).
 */
function planLineages<D extends { environment: Environment; capability: string }>(
  drafts: Drafts,
  live: LiveTenant,
  kind: LineagePlan<D>,
  wanted: D[],
  current: { row: { lineageId: string }; doc: D }[],
): void {
  const { pairs, omitted } = matched(wanted, current, kind.key, (p) => kind.key(p.doc));
  for (const { row, doc } of omitted) {
    drafts.prune(kind.disable(row.lineageId), kind.type, kind.key(doc), row.lineageId);
  }
  for (const { wanted: entry, index, live: now } of pairs) {
    if (now && sameValue(entry, now.doc)) continue;
    const key = kind.key(entry);
    if (now && now.doc.capability === entry.capability) {
      drafts.add(kind.edit(now.row.lineageId, entry), kind.type, key, now.row.lineageId);
      continue;
    }
    const path = `spec.${kind.list}[${index}].capability`;
    const capabilityId = capabilityOf(drafts, live, entry.capability, path);
    if (!capabilityId) continue;
    if (now) drafts.add(kind.disable(now.row.lineageId), kind.type, key, now.row.lineageId);
    drafts.add(kind.create(entry, capabilityId), kind.type, key);
  }
}

type RouteDoc = TenantSpec['routes'][number];
type PolicyDoc = TenantSpec['policies'][number];

/** Routes: keyed by environment, methods and path. */
export function planRoutes(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const tenantId = live.row.id;
  // As the server stores them: methods in the contract's order, text trimmed.
  const routes = spec.routes.map((r) => ({
    ...r,
    path: r.path.trim(),
    targetService: r.targetService.trim(),
    methods: routeMethods.filter((m) => r.methods.includes(m)),
  }));
  const fieldsOf = ({ environment: _e, capability: _c, ...fields }: RouteDoc) => fields;
  planLineages<RouteDoc>(
    drafts,
    live,
    {
      type: 'gateway_route',
      list: 'routes',
      key: routeKey,
      disable: (lineageId) => ({ kind: 'gateway_route.disable', tenantId, lineageId }),
      edit: (lineageId, route) => ({
        kind: 'gateway_route.edit',
        tenantId,
        lineageId,
        body: fieldsOf(route),
      }),
      create: (route, capabilityId) => ({
        kind: 'gateway_route.create',
        tenantId,
        body: { ...fieldsOf(route), capabilityId, environment: route.environment },
      }),
    },
    routes,
    live.routes,
  );
}

/** Policies: keyed by environment and name. */
export function planPolicies(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  const tenantId = live.row.id;
  // Text as the server stores it: trimmed, an empty description none.
  const policies = spec.policies.map((p) => ({
    ...p,
    name: p.name.trim(),
    description: storedText(p.description),
  }));
  const fieldsOf = ({ environment: _e, capability: _c, ...fields }: PolicyDoc) => fields;
  planLineages<PolicyDoc>(
    drafts,
    live,
    {
      type: 'opa_policy',
      list: 'policies',
      key: policyKey,
      disable: (lineageId) => ({ kind: 'opa_policy.disable', tenantId, lineageId }),
      edit: (lineageId, policy) => ({ kind: 'opa_policy.edit', tenantId, lineageId, body: fieldsOf(policy) }),
      create: (policy, capabilityId) => ({
        kind: 'opa_policy.create',
        tenantId,
        body: { ...fieldsOf(policy), capabilityId, environment: policy.environment },
      }),
    },
    policies,
    live.policies,
  );
}
