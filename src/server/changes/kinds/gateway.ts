import { and, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Environment } from '../../../contract/common';
import type { Transaction } from '../../db/client';
import { gatewayRoutes, opaPolicies } from '../../db/schema';
import { notFound } from '../../errors';
import {
  activatePolicy,
  createPolicy,
  deletePolicy,
  disablePolicy,
  editPolicy,
  policyPromotionTarget,
  promotePolicy,
} from '../../gateway/policies-service';
import {
  activateRoute,
  createRoute,
  deleteRoute,
  disableRoute,
  editRoute,
  promoteRoute,
  routePromotionTarget,
} from '../../gateway/routes-service';
import type { GatewayRoute, OpaPolicy } from '../../../contract/gateway';
import { isLineageId, type WithLatest } from '../../gateway/lineage';
import type { ChangeHandler, ChangeSnapshot, ChangeTarget } from './types';

type Prefix = 'gateway_route' | 'opa_policy';
type GatewayChange<P extends Prefix> = Extract<Change, { kind: `${P}.${string}` }>;

interface Resource {
  table: typeof gatewayRoutes | typeof opaPolicies;
  noun: string;
  label: string;
  /** What reviewers compare: the editable fields of a version. */
  view(row: Record<string, unknown>): Record<string, unknown>;
  /** A route by its methods and path, a policy by its name. */
  name(row: Record<string, unknown>): string;
  /** What an edit body leaves out stores as these: a diff shows them as set, not as removed. */
  editDefaults: Record<string, unknown>;
}

const pick = (row: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));

const RESOURCES: Record<Prefix, Resource> = {
  gateway_route: {
    table: gatewayRoutes,
    noun: 'route',
    label: 'Gateway route',
    view: (row) =>
      pick(row, ['capabilityId', 'path', 'methods', 'targetService', 'authRequired', 'rateLimit']),
    name: (row) =>
      `${(row.methods as string[] | undefined)?.join(', ') ?? ''} ${String(row.path ?? '')}`.trim(),
    editDefaults: {},
  },
  opa_policy: {
    table: opaPolicies,
    noun: 'policy',
    label: 'OPA policy',
    view: (row) =>
      pick(row, ['capabilityId', 'name', 'description', 'policyType', 'policyContent', 'enabled']),
    name: (row) => String(row.name ?? ''),
    editDefaults: { description: null },
  },
};

/** The versions of one lineage of a tenant, newest first; 404 when there are none. */
async function lineageRows(tx: Transaction, resource: Resource, tenantId: string, lineageId: string) {
  // Lineage ids are UUIDs: anything else names no lineage (404 as from the service, not a database error).
  if (!isLineageId(lineageId)) throw notFound(resource.label);
  // The two tables share the lineage columns; drizzle cannot type a query over a union of tables.
  const table = resource.table as typeof gatewayRoutes;
  const rows = (await tx
    .select()
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.lineageId, lineageId)))) as unknown as (Record<
    string,
    unknown
  > & { id: string; version: number; isActive: boolean; environment: string })[];
  if (rows.length === 0) throw notFound(resource.label);
  return rows.sort((a, b) => b.version - a.version);
}

async function versionRow(tx: Transaction, resource: Resource, tenantId: string, versionId: string) {
  const table = resource.table as typeof gatewayRoutes;
  const [row] = (await tx
    .select()
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.id, versionId)))) as unknown as (Record<
    string,
    unknown
  > & {
    lineageId: string;
    version: number;
  })[];
  if (!row) throw notFound(`${resource.label} version`);
  return row;
}

/** The lineage's state a change is made on: its newest number and its active version. */
const lineageState = (rows: { id: string; version: number; isActive: boolean }[]) =>
  `${rows[0]?.version ?? 0}:${rows.find((r) => r.isActive)?.id ?? 'none'}`;

/**
 * Where a change of a gateway lineage happens and what it alters, for one resource (routes or
 * policies); each kind below adds how it applies.
 */
function gatewayReview<P extends Prefix>(prefix: P): Omit<ChangeHandler<GatewayChange<P>>, 'apply'> {
  const resource = RESOURCES[prefix];
  const isRoute = prefix === 'gateway_route';
  const operation = (change: GatewayChange<P>) => change.kind.slice(prefix.length + 1);

  async function describe(tx: Transaction, change: GatewayChange<P>) {
    const c = change as GatewayChange<Prefix> & Record<string, unknown>;
    if ('body' in c && operation(change) === 'create') {
      const body = c.body as Record<string, unknown> & { environment: Environment };
      return {
        environment: body.environment,
        before: null,
        after: resource.view(body),
        name: resource.name(body),
        rows: [],
      };
    }
    if (operation(change) === 'activate') {
      const version = await versionRow(tx, resource, c.tenantId, c.versionId as string);
      const rows = await lineageRows(tx, resource, c.tenantId, version.lineageId);
      const active = rows.find((r) => r.isActive);
      return {
        environment: rows[0]?.environment as Environment,
        before: active ? resource.view(active) : null,
        after: resource.view(version),
        name: `${resource.name(version)} v${version.version}`,
        rows,
      };
    }
    const rows = await lineageRows(tx, resource, c.tenantId, c.lineageId as string);
    const active = rows.find((r) => r.isActive);
    const newest = rows[0] ?? {};
    const before = active ? resource.view(active) : null;
    const environment = (rows[0]?.environment ?? 'development') as Environment;
    switch (operation(change)) {
      case 'edit':
        // An edit keeps the lineage's capability (its body cannot name one): the diff shows only what changes.
        return {
          environment,
          before,
          after: resource.view({
            capabilityId: rows[0]?.capabilityId,
            ...resource.editDefaults,
            ...(c.body as Record<string, unknown>),
          }),
          name: resource.name(newest),
          rows,
        };
      case 'promote':
        return {
          environment: c.targetEnvironment as Environment,
          before,
          after: before,
          name: resource.name(newest),
          rows,
        };
      default:
        // disable, delete: nothing stays served.
        return { environment, before, after: null, name: resource.name(newest), rows };
    }
  }

  return {
    async target(tx, change): Promise<ChangeTarget> {
      const { environment, name } = await describe(tx, change);
      const verb = {
        create: 'Create',
        edit: 'Edit',
        activate: 'Activate',
        disable: 'Disable',
        delete: 'Delete',
        promote: 'Promote',
      }[operation(change)];
      return {
        scope: (change as GatewayChange<Prefix>).tenantId,
        environment,
        action: 'versions',
        title: `${verb} ${resource.noun} ${name} in ${environment}`,
      };
    },
    async snapshot(tx, change): Promise<ChangeSnapshot> {
      const described = await describe(tx, change);
      let fingerprint = described.rows.length > 0 ? lineageState(described.rows) : 'new';
      let before = described.before;
      if (change.kind.endsWith('.promote')) {
        const c = change as Extract<Change, { kind: 'gateway_route.promote' }>;
        const ids = { tenantId: c.tenantId, lineageId: c.lineageId };
        const target = isRoute
          ? await routePromotionTarget(tx, ids, c.targetEnvironment)
          : await policyPromotionTarget(tx, ids, c.targetEnvironment);
        before = target.active ? resource.view(target.active as unknown as Record<string, unknown>) : null;
        fingerprint = `${fingerprint}→${target.lineageId ?? 'new'}:${target.latestVersion ?? 0}:${target.active?.id ?? 'none'}`;
      }
      return {
        fingerprint,
        diff: [{ label: `${described.name} · ${described.environment}`, before, after: described.after }],
      };
    },
  };
}

type Kind<K extends Change['kind']> = Extract<Change, { kind: K }>;
type Handler<K extends Change['kind'], R> = ChangeHandler<Kind<K>, R>;

/*
 * Each kind applies with the endpoint's own service. A request passes no If-Match (its fingerprint, the
 * lineage's newest number and active version, is the precondition); a direct write passes its own.
 */
const routeReview = gatewayReview('gateway_route');
type Route = WithLatest<GatewayRoute>;
export const routeCreate: Handler<'gateway_route.create', Route> = {
  ...routeReview,
  apply: (tx, c, actor) => createRoute(tx, c.tenantId, c.body, actor),
};
export const routeEdit: Handler<'gateway_route.edit', Route> = {
  ...routeReview,
  apply: (tx, c, actor, direct) => editRoute(tx, c, c.body, actor, direct?.expected),
};
export const routeActivate: Handler<'gateway_route.activate', Route> = {
  ...routeReview,
  apply: (tx, c, actor, direct) => activateRoute(tx, c, actor, direct?.expected),
};
export const routeDisable: Handler<'gateway_route.disable', Route> = {
  ...routeReview,
  apply: (tx, c, actor, direct) => disableRoute(tx, c, actor, direct?.expected),
};
export const routeDelete: Handler<'gateway_route.delete', void> = {
  ...routeReview,
  apply: (tx, c, actor, direct) => deleteRoute(tx, c, actor, direct?.expected),
};
export const routePromote: Handler<'gateway_route.promote', Route> = {
  ...routeReview,
  apply: (tx, c, actor) => promoteRoute(tx, c, c.targetEnvironment, actor),
};

const policyReview = gatewayReview('opa_policy');
type Policy = WithLatest<OpaPolicy>;
export const policyCreate: Handler<'opa_policy.create', Policy> = {
  ...policyReview,
  apply: (tx, c, actor) => createPolicy(tx, c.tenantId, c.body, actor),
};
export const policyEdit: Handler<'opa_policy.edit', Policy> = {
  ...policyReview,
  apply: (tx, c, actor, direct) => editPolicy(tx, c, c.body, actor, direct?.expected),
};
export const policyActivate: Handler<'opa_policy.activate', Policy> = {
  ...policyReview,
  apply: (tx, c, actor, direct) => activatePolicy(tx, c, actor, direct?.expected),
};
export const policyDisable: Handler<'opa_policy.disable', Policy> = {
  ...policyReview,
  apply: (tx, c, actor, direct) => disablePolicy(tx, c, actor, direct?.expected),
};
export const policyDelete: Handler<'opa_policy.delete', void> = {
  ...policyReview,
  apply: (tx, c, actor, direct) => deletePolicy(tx, c, actor, direct?.expected),
};
export const policyPromote: Handler<'opa_policy.promote', Policy> = {
  ...policyReview,
  apply: (tx, c, actor) => promotePolicy(tx, c, c.targetEnvironment, actor),
};
