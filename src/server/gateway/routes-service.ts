import type { Environment } from '../../contract/common';
import {
  createRouteBodySchema,
  gatewayRouteListQuerySchema,
  gatewayRouteSchema,
  routeFieldsSchema,
  routePromotionTargetSchema,
} from '../../contract/gateway';
import type { Executor, Transaction } from '../db/client';
import { gatewayRoutes } from '../db/schema';
import { conflict } from '../errors';
import type { LineageEntry } from './lineage-entry';
import { ROUTES } from './lineage-http';
import type { Candidate, LineageKind } from './lineage-kind';
import { activeVersions } from './lineage-reads';
import { lineageService } from './lineage-service';
import { checkRouteFields } from './route-rules';

/** Gateway routes (docs/gateway.md): versioned lineages, one path and set of methods each. */

/** A stored route version. */
export type RouteRow = typeof gatewayRoutes.$inferSelect;

/**
 * No two active routes of one tenant and environment share a path and a method: the gateway could not
 * tell which one a request means. The caller holds the tenant lock, so no concurrent writer can add
 * the clashing route after this read.
 */
async function assertNoClash(tx: Transaction, route: Candidate<RouteRow>): Promise<void> {
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

export const routeKind: LineageKind<RouteRow> = {
  table: gatewayRoutes,
  label: 'Gateway route',
  action: 'gateway_route',
  resourceType: 'gateway-route',
  fields: ['path', 'methods', 'targetService', 'authRequired', 'rateLimit'],
  assertCanBeActive: assertNoClash,
};

export const routeService = lineageService(routeKind, {
  check: checkRouteFields,
  search: [gatewayRoutes.path, gatewayRoutes.targetService],
  sortColumns: {
    path: gatewayRoutes.path,
    capabilityId: gatewayRoutes.capabilityId,
    targetService: gatewayRoutes.targetService,
    createdAt: gatewayRoutes.createdAt,
  },
  defaultSort: 'path',
});

/** The routes the gateway serves for one tenant and environment. */
export const activeRoutes = (db: Executor, tenantId: string, environment: Environment) =>
  routeService.active(db, tenantId, environment);

/** Gateway routes as a lineage: their endpoints, schemas and what reviewers see of a change. */
export const routeLineage: LineageEntry = {
  prefix: 'gateway_route',
  path: ROUTES,
  tag: 'gateway routes',
  noun: 'route',
  texts: {
    search: 'path or target',
    created: ' (createdBy is the signed-in user)',
    edited: '',
    disabled: 'the gateway stops serving it',
  },
  schemas: {
    item: gatewayRouteSchema,
    listQuery: gatewayRouteListQuerySchema,
    createBody: createRouteBodySchema,
    fields: routeFieldsSchema,
    promotionTarget: routePromotionTargetSchema,
  },
  service: routeService,
  review: {
    label: routeKind.label,
    fields: ['capabilityId', 'path', 'methods', 'targetService', 'authRequired', 'rateLimit'],
    name: (view) =>
      `${Array.isArray(view.methods) ? view.methods.join(', ') : ''} ${String(view.path ?? '')}`.trim(),
    editDefaults: {},
  },
};
