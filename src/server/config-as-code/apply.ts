import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Change } from '../../contract/changes';
import type { ApplyPlanReply, ConfigDocument, Plan, PlannedChange } from '../../contract/config-doc';
import { MAX_CHANGES_PER_REQUEST, SOLO_CHANGE_KINDS } from '../../contract/releases';
import { changeKindResourceTypes } from '../../contract/resource-types';
import { isOneOf } from '../../contract/sets';
import type { Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { auditEvents, changeRequests } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { peopleByEmail, recordPeopleBehind, type PersonBehind } from '../changes/four-eyes';
import { fileRequest } from '../changes/requests';
import type { Draft } from './drafts';
import { openTwin } from './open-twin';
import { planInTransaction, type PlanOptions } from './plan';

/*
 * Apply (docs/config-as-code.md): the plan filed as one release through the approval policy (four eyes
 * as for any request), which applies at once where no change of it needs an approval. A plan the caller
 * reviewed (`expected`) that no longer matches the live state is refused, naming what moved and who.
 */

export interface ApplyOptions extends PlanOptions {
  title?: string;
  expected?: Plan;
  /** Who stands behind what is filed besides the viewer (Git sync's commit authors): none of them approves it. */
  peopleBehind?: PersonBehind[];
  /** The e-mails of who wrote or merged the document, as the pipeline that files it names them. */
  authors?: string[];
}

const WROTE_THE_FILE =
  'You wrote or merged the file this request applies (as the pipeline that filed it says)';

const identity = (c: PlannedChange) => `${c.resource.type}\u0000${c.resource.key}\u0000${c.change.kind}`;
const same = (a: PlannedChange, b: PlannedChange) =>
  a.fingerprint === b.fingerprint && JSON.stringify(a.change) === JSON.stringify(b.change);

/** The first change of the fresh plan, or of the expected one, that differs between the two. */
function firstMoved(
  expected: PlannedChange[],
  fresh: PlannedChange[],
): { was?: PlannedChange; now?: PlannedChange } | null {
  const freshBy = new Map(fresh.map((c) => [identity(c), c]));
  for (const was of expected) {
    const now = freshBy.get(identity(was));
    if (!now || !same(was, now)) return { was, now };
  }
  const expectedIds = new Set(expected.map(identity));
  const added = fresh.find((c) => !expectedIds.has(identity(c)));
  return added ? { now: added } : null;
}

/** Who last wrote the resource since the plan was made: by its id when known, else its type in scope. */
async function movedBy(
  tx: Transaction,
  change: PlannedChange,
  at: { liveId: string | null; tenantId: string | null; since: string },
) {
  const { liveId, tenantId, since } = at;
  const type = changeKindResourceTypes[change.change.kind];
  const inScope = tenantId === null ? isNull(auditEvents.tenantId) : eq(auditEvents.tenantId, tenantId);
  const [event] = await tx
    .select({ by: auditEvents.actorEmail, at: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        liveId ? eq(auditEvents.resourceId, liveId) : and(eq(auditEvents.resourceType, type), inScope),
        gt(auditEvents.createdAt, since),
      ),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return event ?? null;
}

const shown = (value: unknown) => JSON.stringify(value ?? null);

/** Refuses a plan whose resources moved since it was made: names the first, who moved it and its diff now. */
async function assertUnmoved(tx: Transaction, expected: Plan, fresh: Plan, drafts: Draft[], prune: boolean) {
  const moved = firstMoved(
    [...expected.changes, ...(prune ? expected.prune : [])],
    [...fresh.changes, ...(prune ? fresh.prune : [])],
  );
  if (!moved) return;
  const change = moved.now ?? moved.was;
  if (!change) return;
  const draft = drafts.find(
    (d) => d.resource.type === change.resource.type && d.resource.key === change.resource.key,
  );
  const event = await movedBy(tx, change, {
    liveId: draft?.liveId ?? null,
    tenantId: fresh.scope.tenantId,
    since: expected.plannedAt,
  });
  const who = event ? ` by ${event.by ?? 'someone'} at ${event.at}` : '';
  const diff = (moved.now?.diff ?? [])
    .map((entry) => `${entry.label}: ${shown(entry.before)} -> ${shown(entry.after)}`)
    .join('; ');
  const now = moved.now
    ? `; the plan would now make: ${diff || 'no diff'}`
    : '; the plan no longer changes it';
  throw new AppError(
    'STALE_CHANGE',
    `The plan is stale: ${change.resource.type} ${change.resource.key} moved since it was made${who}${now}. Plan again`,
    [{ path: `expected.${change.resource.type}.${change.resource.key}`, message: `Moved${who}` }],
  );
}

async function statusOf(tx: Transaction, id: string): Promise<string> {
  const [row] = await tx
    .select({ status: changeRequests.status })
    .from(changeRequests)
    .where(eq(changeRequests.id, id));
  return row?.status ?? 'unknown';
}

/**
 * Files one list of changes as one request; its status says whether it applied at once. The same
 * changes already waiting in a request of the viewer's are that request, not a second one.
 */
async function file(
  tx: Transaction,
  viewer: Viewer,
  changes: Change[],
  options: { title?: string; ip?: string; scope: string | null; people: PersonBehind[] },
) {
  const twin = await openTwin(tx, viewer, options.scope, changes);
  if (twin) {
    await recordPeopleBehind(tx, twin.id, options.people);
    return { ...twin, changes: changes.length };
  }
  const body = changes.length === 1 ? { change: changes[0] } : { changes };
  const id = await fileRequest(tx, { ...body, title: options.title }, viewer, options.ip);
  await recordPeopleBehind(tx, id, options.people);
  return { id, status: await statusOf(tx, id), changes: changes.length };
}

/** Plans the document again, checks it against the expected plan, and files it. */
export function applyPlan(
  db: Database,
  viewer: Viewer,
  doc: ConfigDocument,
  options: ApplyOptions = {},
): Promise<ApplyPlanReply> {
  return db.transaction(async (tx) => {
    const { plan, drafts } = await planInTransaction(tx, viewer, doc, options);
    if (options.expected) await assertUnmoved(tx, options.expected, plan, drafts, options.prune ?? false);
    const all = drafts.map((d) => d.change);
    const solo = all.filter((c) => isOneOf(SOLO_CHANGE_KINDS, c.kind));
    const set = all.filter((c) => !isOneOf(SOLO_CHANGE_KINDS, c.kind));
    if (set.length > MAX_CHANGES_PER_REQUEST) {
      throw badRequest(
        `The plan holds ${set.length} changes; a release holds at most ${MAX_CHANGES_PER_REQUEST}`,
        [{ path: 'document', message: 'Apply the document in parts' }],
      );
    }
    const requests = [];
    // Everyone behind what is filed besides the viewer: those the caller knows, and the authors it names.
    const people = [
      ...(options.peopleBehind ?? []),
      ...(await peopleByEmail(tx, options.authors ?? [], WROTE_THE_FILE)),
    ];
    const scoped = { title: options.title, ip: options.ip, scope: plan.scope.tenantId, people };
    if (set.length > 0) requests.push(await file(tx, viewer, set, scoped));
    for (const change of solo) requests.push(await file(tx, viewer, [change], scoped));
    const waiting = requests.find((r) => r.status !== 'applied');
    if (waiting) return { changeRequestId: waiting.id, requests };
    return { applied: { changeRequestId: requests[0]?.id ?? null, changes: all.length }, requests };
  });
}
