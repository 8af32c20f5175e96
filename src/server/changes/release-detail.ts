import { and, desc, eq, gt, inArray, isNull, max, or } from 'drizzle-orm';
import type { ChangeRequestDetail, StaleChange } from '../../contract/changes';
import { changeKindResourceTypes } from '../../contract/resource-types';
import { SYSTEM_ACTOR } from '../audit/service';
import type { Transaction } from '../db/client';
import { auditEvents, changeRequestEvents, changeRequests } from '../db/schema';
import { AppError } from '../errors';
import type { ChangeRequestRow } from './apply';
import { handlerOf } from './kinds';
import { impactOf } from './release-impact';
import { itemsOf, type ItemRow } from './release-items';
import { staleItemOf } from './release-run';
import { masked } from '../secrets/secret-values';
import { tenants } from '../db/schema';

/* What a request's page shows of its set: its changes, their impact, the culprit of staleness, its relations. */

type ReleaseDetail = Pick<
  ChangeRequestDetail,
  'change' | 'diff' | 'changes' | 'impact' | 'staleChange' | 'revertOf' | 'promotedFrom' | 'followUps'
>;

/** When the request's current diff was made: its filing, or its last refresh. */
async function diffMadeAt(tx: Transaction, requestId: string): Promise<string | null> {
  const [row] = await tx
    .select({ at: max(changeRequestEvents.createdAt) })
    .from(changeRequestEvents)
    .where(
      and(
        eq(changeRequestEvents.changeRequestId, requestId),
        inArray(changeRequestEvents.kind, ['request', 'refresh']),
      ),
    );
  return row?.at ?? null;
}

/**
 * The change that went stale, with who moved its target: the last audited write of the resource type
 * its kind writes, in its tenant, since the diff was made; and the diff it would make now.
 */
async function staleChangeOf(
  tx: Transaction,
  request: ChangeRequestRow,
  item: ItemRow,
): Promise<StaleChange> {
  const since = await diffMadeAt(tx, request.id);
  const [moved] = await tx
    .select({ by: auditEvents.actorEmail, at: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.resourceType, changeKindResourceTypes[item.kind]),
        item.tenantId === null
          ? undefined
          : or(eq(auditEvents.tenantId, item.tenantId), isNull(auditEvents.tenantId)),
        since === null ? undefined : gt(auditEvents.createdAt, since),
      ),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  let diff = item.diff;
  try {
    diff = (await handlerOf(item.change).snapshot(tx, item.change)).diff;
  } catch (error) {
    // Its target is gone: the diff it was approved on is all there is to show.
    if (!(error instanceof AppError)) throw error;
  }
  return {
    position: item.position,
    title: item.title,
    movedBy: moved?.by ?? null,
    movedAt: moved?.at ?? null,
    diff: masked(diff),
  };
}

/** The requests filed from this one: its reverts and promotions, newest first. */
async function followUpsOf(tx: Transaction, id: string): Promise<ChangeRequestDetail['followUps']> {
  const rows = await tx
    .select({
      id: changeRequests.id,
      number: changeRequests.number,
      revertOfId: changeRequests.revertOfId,
    })
    .from(changeRequests)
    .where(or(eq(changeRequests.revertOfId, id), eq(changeRequests.promotedFromId, id)))
    .orderBy(desc(changeRequests.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    relation: row.revertOfId === id ? ('revert' as const) : ('promotion' as const),
  }));
}

async function related(tx: Transaction, id: string | null) {
  if (id === null) return null;
  const [row] = await tx
    .select({ id: changeRequests.id, number: changeRequests.number })
    .from(changeRequests)
    .where(eq(changeRequests.id, id));
  return row ?? null;
}

/** The set's part of a request's detail, and whether an applied set has anything a revert can undo. */
export async function releaseDetail(
  tx: Transaction,
  request: ChangeRequestRow,
  open: boolean,
): Promise<{ detail: ReleaseDetail; revertible: boolean }> {
  const items = await itemsOf(tx, request.id);
  const stale = open ? await staleItemOf(tx, items, SYSTEM_ACTOR) : null;
  const tenantIds = [...new Set(items.flatMap((item) => (item.tenantId ? [item.tenantId] : [])))];
  const names = new Map(
    tenantIds.length === 0
      ? []
      : (
          await tx
            .select({ id: tenants.id, name: tenants.name })
            .from(tenants)
            .where(inArray(tenants.id, tenantIds))
        ).map((row) => [row.id, row.name]),
  );
  const changes = items.map((item) => ({
    position: item.position,
    kind: item.kind,
    tenantId: item.tenantId,
    tenantName: item.tenantId ? (names.get(item.tenantId) ?? null) : null,
    environment: item.environment,
    title: item.title,
    change: masked(item.change),
    diff: masked(item.diff),
    state: item.state,
    outcome: item.outcome,
    irreversible: item.irreversible,
  }));
  const [shown] = changes;
  if (!shown) throw new Error(`Change request ${request.id} holds no change`);
  return {
    detail: {
      change: shown.change,
      diff: shown.diff,
      changes,
      impact: await impactOf(tx, items),
      staleChange: stale ? await staleChangeOf(tx, request, stale) : null,
      revertOf: await related(tx, request.revertOfId),
      promotedFrom: await related(tx, request.promotedFromId),
      followUps: await followUpsOf(tx, request.id),
    },
    revertible: items.some((item) => item.state === 'applied' && (item.inverse?.length ?? 0) > 0),
  };
}
