import { changeSchema, type Change } from '../../contract/changes';
import { gatewayPaths } from '../../contract/gateway';
import { requireViewer } from '../auth/guard';
import { onTenant, tenantFromParam } from '../auth/permissions';
import { actorOf } from '../auth/viewer';
import { etagOf } from '../http/if-match';
import type { LineagePrefix } from '../../contract/change-kinds';

/* What the endpoints of every lineage kind share: permissions, paths, texts, the ETag and the change. */

export const readTenant = onTenant('read', tenantFromParam('tenantId'), 'Tenant');
export const writeTenant = onTenant('versions', tenantFromParam('tenantId'), 'Tenant');

/** Paths as Fastify declares them: the contract's paths with the tenant as a parameter. */
export const ROUTES = gatewayPaths.routes(':tenantId');
export const POLICIES = gatewayPaths.policies(':tenantId');

export const PROMOTE =
  "the lineage's active version becomes the next active version of the target environment's lineage earlier promotions of it went to, or version 1 of a new one (development to uat, uat to production; docs/promotion.md)";

export const IF_MATCH =
  'If-Match: the lineage\'s newest version number ("3"); a stale one is a 412 with the newest version';

export const actor = (request: Parameters<typeof requireViewer>[0]) =>
  actorOf(requireViewer(request), request.ip);

/** Sends the lineage's newest version number as the ETag: what the next conditional write sends. */
export function withLatest<T extends { latestVersion: number }>(
  reply: { header(name: string, value: string): unknown },
  row: T,
): T {
  reply.header('etag', etagOf(row.latestVersion));
  return row;
}

/** The change of `${prefix}.${operation}`: one lineage kind's write, with its operation's fields. */
export type LineageChange<Op extends string> = Extract<Change, { kind: `${LineagePrefix}.${Op}` }>;

const isOperation = <Op extends string>(change: Change, operation: Op): change is LineageChange<Op> =>
  change.kind.endsWith(`.${operation}`);

/**
 * The change a lineage endpoint applies, through the contract's change schema: the endpoint's own
 * schemas are the change's (contract/change-kinds.ts), so what they accepted passes again unchanged,
 * and the change comes out typed for its operation whatever the kind.
 */
export function lineageChange<Op extends string>(
  prefix: LineagePrefix,
  operation: Op,
  fields: Record<string, unknown>,
): LineageChange<Op> {
  const change = changeSchema.parse({ ...fields, kind: `${prefix}.${operation}` });
  if (!isOperation(change, operation)) throw new Error(`Not a ${operation} change: ${change.kind}`);
  return change;
}
