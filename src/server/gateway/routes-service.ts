import type { Environment } from '../../contract/common';
import type { ExpectedRevision } from '../revisions';
import type {
  CreateRouteBody,
  GatewayRoute,
  GatewayRouteListQuery,
  RouteFields,
} from '../../contract/gateway';
import type { PageQuery } from '../../contract/lists';
import type { Actor } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { containsAny, orderByFor } from '../db/list';
import { gatewayRoutes } from '../db/schema';
import { conflict } from '../errors';
import {
  activateVersion,
  activeVersions,
  appendVersion,
  createLineage,
  deleteLineage,
  disableLineage,
  listCurrent,
  listHistory,
  promoteLineage,
  promotionTarget,
  type LineageKind,
  type WithLatest,
} from './lineage';
import { checkRouteFields } from './route-rules';

/** Gateway routes (docs/gateway.md): versioned lineages, one path and set of methods each. */

/**
 * No two active routes of one tenant and environment share a path and a method: the gateway could not
 * tell which one a request means. The caller holds the tenant lock, so no concurrent writer can add
 * the clashing route after this read.
 */
async function assertNoClash(tx: Transaction, route: GatewayRoute): Promise<void> {
  const active = await activeVersions(tx, routeKind, route.tenantId, route.environment);
  for (const other of active) {
    if (other.lineageId === route.lineageId || other.path !== route.path) continue;
    const shared = route.methods.filter((m) => other.methods.includes(m));
    if (shared.length > 0) {
      throw conflict(
        `Another active route of this tenant in ${route.environment} already serves ${shared.join(', ')} ${route.path} (capability ${other.capabilityId}, version ${other.version})`,
      );
    }
  }
}

export const routeKind: LineageKind<GatewayRoute> = {
  table: gatewayRoutes,
  label: 'Gateway route',
  action: 'gateway_route',
  resourceType: 'gateway-route',
  fields: ['path', 'methods', 'targetService', 'authRequired', 'rateLimit'],
  assertCanBeActive: assertNoClash,
};

const sortColumns = {
  path: gatewayRoutes.path,
  capabilityId: gatewayRoutes.capabilityId,
  targetService: gatewayRoutes.targetService,
  createdAt: gatewayRoutes.createdAt,
};

export function listRoutes(db: Executor, tenantId: string, query: GatewayRouteListQuery) {
  return listCurrent(
    db,
    routeKind,
    {
      tenantId,
      environment: query.environment,
      capabilityId: query.capabilityId,
      search: containsAny(query.q, [gatewayRoutes.path, gatewayRoutes.targetService]),
    },
    orderByFor(query.sort, 'path', sortColumns, gatewayRoutes.id),
    query,
  );
}

export const routeHistory = (db: Executor, tenantId: string, lineageId: string, query: PageQuery) =>
  listHistory(db, routeKind, tenantId, lineageId, query);

export function createRoute(
  db: Database,
  tenantId: string,
  body: CreateRouteBody,
  actor: Actor,
): Promise<WithLatest<GatewayRoute>> {
  const { capabilityId, environment, ...fields } = body;
  return createLineage(
    db,
    routeKind,
    tenantId,
    { ...checkRouteFields(fields), capabilityId, environment },
    actor,
  );
}

export const editRoute = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  fields: RouteFields,
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => appendVersion(db, routeKind, ids, checkRouteFields(fields), actor, expectedVersion);

export const activateRoute = (
  db: Database,
  ids: { tenantId: string; versionId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => activateVersion(db, routeKind, ids, actor, expectedVersion);

export const disableRoute = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => disableLineage(db, routeKind, ids, actor, expectedVersion);

export const deleteRoute = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
) => deleteLineage(db, routeKind, ids, actor, expectedVersion);

/** The routes the gateway serves for one tenant and environment. */
export const activeRoutes = (db: Executor, tenantId: string, environment: Environment) =>
  activeVersions(db, routeKind, tenantId, environment);

/** Promotes the lineage's active version to the next environment (docs/promotion.md). */
export const promoteRoute = (
  db: Database,
  ids: { tenantId: string; lineageId: string },
  targetEnvironment: Environment,
  actor: Actor,
) => promoteLineage(db, routeKind, ids, targetEnvironment, actor);

/** Where promoting the lineage would go: the matching target lineage and its active version. */
export const routePromotionTarget = (
  db: Executor,
  ids: { tenantId: string; lineageId: string },
  targetEnvironment: Environment,
) => promotionTarget(db, routeKind, ids, targetEnvironment);
