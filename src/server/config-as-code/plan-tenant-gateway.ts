import { subscriptionIdFor } from '../../contract/capability-subscriptions';
import { controlPlaneRegionSchema } from '../../contract/common';
import { routeMethods } from '../../contract/gateway';
import type { TenantSpec } from '../../contract/config-doc';
import { badRequest } from '../errors';
import type { LiveTenant } from './export-tenant';
import { jsonOf, sameValue, textOf, withSecrets } from './json-values';
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

/** Routes: create the new, edit the changed, and (prune) disable the omitted. */
export function planRoutes(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  // As the server stores them: methods in the contract's order, text trimmed.
  const routes = spec.routes.map((r) => ({
    ...r,
    path: r.path.trim(),
    targetService: r.targetService.trim(),
    methods: routeMethods.filter((m) => r.methods.includes(m)),
  }));
  const { pairs, omitted } = matched(routes, live.routes, routeKey, (p) => routeKey(p.doc));
  for (const row of omitted) {
    const change = {
      kind: 'gateway_route.disable' as const,
      tenantId: live.row.id,
      lineageId: row.row.lineageId,
    };
    drafts.prune(change, 'gateway_route', routeKey(row.doc), row.row.lineageId);
  }
  for (const { wanted, index, live: current } of pairs) {
    if (current && sameValue(wanted, current.doc)) continue;
    const { environment, capability, ...fields } = wanted;
    const key = routeKey(wanted);
    if (current && current.doc.capability === capability) {
      const change = {
        kind: 'gateway_route.edit' as const,
        tenantId: live.row.id,
        lineageId: current.row.lineageId,
      };
      drafts.add({ ...change, body: fields }, 'gateway_route', key, current.row.lineageId);
      continue;
    }
    const capabilityId = capabilityOf(drafts, live, capability, `spec.routes[${index}].capability`);
    if (!capabilityId) continue;
    if (current) {
      // A lineage keeps its capability: another capability is a new route in place of the old one.
      const change = {
        kind: 'gateway_route.disable' as const,
        tenantId: live.row.id,
        lineageId: current.row.lineageId,
      };
      drafts.add(change, 'gateway_route', key, current.row.lineageId);
    }
    const body = { ...fields, capabilityId, environment };
    drafts.add({ kind: 'gateway_route.create', tenantId: live.row.id, body }, 'gateway_route', key);
  }
}

/** Policies: the same as routes, keyed by environment and name. */
export function planPolicies(drafts: Drafts, spec: TenantSpec, live: LiveTenant): void {
  // Text as the server stores it: trimmed, an empty description none.
  const policies = spec.policies.map((p) => ({
    ...p,
    name: p.name.trim(),
    description: storedText(p.description),
  }));
  const { pairs, omitted } = matched(policies, live.policies, policyKey, (p) => policyKey(p.doc));
  for (const row of omitted) {
    const change = {
      kind: 'opa_policy.disable' as const,
      tenantId: live.row.id,
      lineageId: row.row.lineageId,
    };
    drafts.prune(change, 'opa_policy', policyKey(row.doc), row.row.lineageId);
  }
  for (const { wanted, index, live: current } of pairs) {
    if (current && sameValue(wanted, current.doc)) continue;
    const { environment, capability, ...fields } = wanted;
    const key = policyKey(wanted);
    if (current && current.doc.capability === capability) {
      const change = {
        kind: 'opa_policy.edit' as const,
        tenantId: live.row.id,
        lineageId: current.row.lineageId,
      };
      drafts.add({ ...change, body: fields }, 'opa_policy', key, current.row.lineageId);
      continue;
    }
    const capabilityId = capabilityOf(drafts, live, capability, `spec.policies[${index}].capability`);
    if (!capabilityId) continue;
    if (current) {
      const change = {
        kind: 'opa_policy.disable' as const,
        tenantId: live.row.id,
        lineageId: current.row.lineageId,
      };
      drafts.add(change, 'opa_policy', key, current.row.lineageId);
    }
    const body = { ...fields, capabilityId, environment };
    drafts.add({ kind: 'opa_policy.create', tenantId: live.row.id, body }, 'opa_policy', key);
  }
}
