import { and, asc, count, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Plan, PlannedChange } from '../../contract/config-doc';
import type { DriftFinding, DriftResolution } from '../../contract/git-links';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service';
import type { Executor, Transaction } from '../db/client';
import { changeRequests, driftFindings } from '../db/schema';
import { masked } from '../secrets/secret-values';
import type { GitLinkRow } from './links';

/*
 * Drift findings (docs/config-as-code-git.md): one open finding per resource whose live state differs
 * from the linked file. A pass inserts the new ones (a partial unique index keeps one per resource
 * when two passes race), moves "last seen" on those that last, and resolves those that ended.
 */

export type FindingRow = typeof driftFindings.$inferSelect;

/** What a plan says of one resource: its changes (and prunes) together. */
export interface Observed {
  resourceType: string;
  resourceKey: string;
  change: string;
  title: string;
  prune: boolean;
  diff: string;
}

const keyOf = (type: string, key: string) => `${type}\u0000${key}`;

/** The plan's changes and prunes, grouped by resource, in plan order. */
export function observedOf(plan: Plan): Observed[] {
  const groups = new Map<string, { items: PlannedChange[]; prune: boolean }>();
  const add = (item: PlannedChange, prune: boolean) => {
    const key = keyOf(item.resource.type, item.resource.key);
    const group = groups.get(key) ?? { items: [], prune };
    group.items.push(item);
    groups.set(key, group);
  };
  for (const item of plan.changes) add(item, false);
  for (const item of plan.prune) add(item, true);
  return [...groups.values()].flatMap(({ items, prune }) => {
    const [first] = items;
    if (!first) return [];
    return [
      {
        resourceType: first.resource.type,
        resourceKey: first.resource.key,
        change: items.map((i) => i.change.kind).join(', '),
        title: items.map((i) => i.title).join('; '),
        prune,
        diff: JSON.stringify(items.flatMap((i) => i.diff)),
      },
    ];
  });
}

/** A finding as the API shows it; masked again, for findings recorded before plans masked their diffs. */
export function toFinding(row: FindingRow): DriftFinding {
  let diff: unknown;
  try {
    diff = JSON.parse(row.diff);
  } catch {
    diff = row.diff;
  }
  return { ...row, diff: masked(diff) };
}

/** How an ended difference ended: by the revert filed for it (once applied), by its adopt, or by itself. */
async function resolutionOf(tx: Transaction, finding: FindingRow): Promise<DriftResolution> {
  if (finding.revertRequestId !== null) {
    const [request] = await tx
      .select({ status: changeRequests.status })
      .from(changeRequests)
      .where(eq(changeRequests.id, finding.revertRequestId));
    if (request?.status === 'applied') return 'reverted';
  }
  return finding.adoptBranch !== null ? 'adopted' : 'gone';
}

/**
 * Records what a check observed against `commit`, in the check's transaction. Answers the findings it
 * inserted: each gets its `git_link.drift_detected` audit event (the webhook event drift.detected, a
 * live update) in the same transaction.
 */
export async function recordFindings(
  tx: Transaction,
  link: GitLinkRow,
  commit: string,
  observed: Observed[],
): Promise<FindingRow[]> {
  const open = await tx
    .select()
    .from(driftFindings)
    .where(and(eq(driftFindings.linkId, link.id), isNull(driftFindings.resolvedAt)))
    .for('update');
  const openByKey = new Map(open.map((f) => [keyOf(f.resourceType, f.resourceKey), f]));
  const now = new Date().toISOString();
  const detected: FindingRow[] = [];
  for (const item of observed) {
    const existing = openByKey.get(keyOf(item.resourceType, item.resourceKey));
    openByKey.delete(keyOf(item.resourceType, item.resourceKey));
    if (existing) {
      const { resourceType: _t, resourceKey: _k, ...current } = item;
      await tx
        .update(driftFindings)
        .set({ ...current, commit, lastSeenAt: now })
        .where(eq(driftFindings.id, existing.id));
      continue;
    }
    const [inserted] = await tx
      .insert(driftFindings)
      .values({ ...item, linkId: link.id, commit, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) detected.push(inserted);
  }
  for (const ended of openByKey.values()) {
    const resolution = await resolutionOf(tx, ended);
    await tx.update(driftFindings).set({ resolvedAt: now, resolution }).where(eq(driftFindings.id, ended.id));
  }
  for (const finding of detected) await auditDetected(tx, link, finding);
  return detected;
}

async function auditDetected(tx: Transaction, link: GitLinkRow, finding: FindingRow): Promise<void> {
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'git_link.drift_detected',
    resourceType: 'git-link',
    resourceId: link.id,
    tenantId: link.tenantId,
    changes: {
      finding: toFinding(finding),
      repoUrl: link.repoUrl,
      branch: link.branch,
      path: link.path,
    },
  });
}

/** One page of a link's findings, oldest first, with the total. */
export async function findingsPage(
  db: Executor,
  linkId: string,
  query: { state: 'open' | 'resolved' | 'all'; limit: number; offset: number },
): Promise<{ rows: DriftFinding[]; total: number }> {
  const state: SQL | undefined =
    query.state === 'open'
      ? isNull(driftFindings.resolvedAt)
      : query.state === 'resolved'
        ? isNotNull(driftFindings.resolvedAt)
        : undefined;
  const where = and(eq(driftFindings.linkId, linkId), state);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(driftFindings)
      .where(where)
      .orderBy(asc(driftFindings.firstSeenAt), asc(driftFindings.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(driftFindings).where(where),
  ]);
  return { rows: rows.map(toFinding), total: total?.total ?? 0 };
}
