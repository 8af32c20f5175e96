import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Change } from '../../contract/changes';
import type { ConfigDocument } from '../../contract/config-doc';
import type { DriftAdopt } from '../../contract/git-links';
import { SOLO_CHANGE_KINDS } from '../../contract/releases';
import { isOneOf } from '../../contract/sets';
import { recordAudit } from '../audit/service';
import { actorOf, type Viewer } from '../auth/viewer';
import { applyPlan, exportPlatform, exportTenant, serializeDocument } from '../config-as-code';
import { planInTransaction } from '../config-as-code/plan';
import { fileRequest } from '../changes/requests';
import type { Database, Transaction } from '../db/client';
import { changeRequests, driftFindings } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { readLinkDocument, remoteOf } from './check';
import { toFinding, type FindingRow } from './findings';
import { GitFailure, gitFailureOf, pushFileToNewBranch } from './git-client';
import { mayManageLink, visibleLink, type GitLinkRow } from './links';
import type { GitSyncSettings } from './settings';

/*
 * What to do about a drift finding (docs/config-as-code-git.md). Revert files the plan that restores
 * Git's state, for the finding's resource or the whole link, as the caller's request through the
 * approval policy. Adopt commits the live state to a new branch when the link may push, or answers the
 * file to commit.
 */

type Caller = { viewer: Viewer; ip?: string };

/** An open finding and its link, as the caller may see them (managing the link, with `manage`). */
async function openFinding(db: Database, caller: Caller, id: string, manage: boolean) {
  const [finding] = await db.select().from(driftFindings).where(eq(driftFindings.id, id));
  if (!finding) throw notFound('Drift finding');
  // A finding of a link out of sight is not found (404), like the link.
  const link = await visibleLink(db, caller.viewer, finding.linkId);
  if (manage && !mayManageLink(caller.viewer, link.tenantId)) {
    throw forbidden("Only the tenant's owners and admins adopt its drift");
  }
  if (finding.resolvedAt !== null)
    throw conflict(`This finding was resolved (${finding.resolution ?? 'gone'})`);
  return { finding, link };
}

/** Git's document for a remedy: a repository that cannot be read now is a 409 naming why. */
async function gitDocument(db: Database, link: GitLinkRow, settings: GitSyncSettings) {
  try {
    return await readLinkDocument(db, link, settings);
  } catch (error) {
    if (error instanceof GitFailure) throw conflict(`The Git file cannot be read: ${error.message}`);
    throw error;
  }
}

async function markFinding(
  tx: Transaction,
  caller: Caller,
  link: GitLinkRow,
  finding: FindingRow,
  set: { revertRequestId: string } | { adoptBranch: string },
  action: 'drift_revert' | 'drift_adopt',
): Promise<FindingRow> {
  const [row] = await tx.update(driftFindings).set(set).where(eq(driftFindings.id, finding.id)).returning();
  if (!row) throw notFound('Drift finding');
  await recordAudit(tx, actorOf(caller.viewer, caller.ip), {
    action: `git_link.${action}`,
    resourceType: 'git-link',
    resourceId: link.id,
    tenantId: link.tenantId,
    changes: {
      finding: { id: row.id, resourceType: row.resourceType, resourceKey: row.resourceKey },
      ...set,
    },
  });
  return row;
}

/** Files the changes of one resource as the caller's requests: one release, a solo kind apart. */
async function fileChanges(
  tx: Transaction,
  caller: Caller,
  changes: Change[],
  title: string,
): Promise<string> {
  const solo = changes.filter((c) => isOneOf(SOLO_CHANGE_KINDS, c.kind));
  const set = changes.filter((c) => !isOneOf(SOLO_CHANGE_KINDS, c.kind));
  const ids: string[] = [];
  if (set.length > 0) {
    const body = set.length === 1 ? { change: set[0], title } : { changes: set, title };
    ids.push(await fileRequest(tx, body, caller.viewer, caller.ip));
  }
  for (const change of solo) ids.push(await fileRequest(tx, { change, title }, caller.viewer, caller.ip));
  const [first] = ids;
  if (!first) throw new Error('Nothing was filed');
  return first;
}

async function revertResource(
  db: Database,
  caller: Caller,
  link: GitLinkRow,
  finding: FindingRow,
  doc: ConfigDocument,
) {
  return db.transaction(async (tx) => {
    const options = { tenantId: link.tenantId ?? undefined, prune: finding.prune, ip: caller.ip };
    const { drafts } = await planInTransaction(tx, caller.viewer, doc, options);
    const mine = drafts.filter(
      (d) => d.resource.type === finding.resourceType && d.resource.key === finding.resourceKey,
    );
    if (mine.length === 0) {
      throw conflict(
        'Git and the live state agree on this resource now: the next check resolves the finding',
      );
    }
    const title = `Revert drift: ${finding.resourceType} ${finding.resourceKey} to ${link.path}`;
    const requestId = await fileChanges(
      tx,
      caller,
      mine.map((d) => d.change),
      title,
    );
    return {
      requestId,
      finding: await markFinding(tx, caller, link, finding, { revertRequestId: requestId }, 'drift_revert'),
    };
  });
}

async function revertLink(
  db: Database,
  caller: Caller,
  link: GitLinkRow,
  finding: FindingRow,
  doc: ConfigDocument,
) {
  const title = `Revert drift: ${link.path} at Git's state`;
  const reply = await applyPlan(db, caller.viewer, doc, {
    tenantId: link.tenantId ?? undefined,
    title,
    ip: caller.ip,
  });
  const requestId = 'applied' in reply ? reply.applied.changeRequestId : reply.changeRequestId;
  if (requestId === null)
    throw conflict('Git and the live state agree now: the next check resolves the findings');
  return db.transaction(async (tx) => {
    // The release restores every difference of the file but deletions: it is each such finding's revert.
    const covered = and(
      eq(driftFindings.linkId, link.id),
      isNull(driftFindings.resolvedAt),
      eq(driftFindings.prune, false),
      ne(driftFindings.id, finding.id),
    );
    await tx.update(driftFindings).set({ revertRequestId: requestId }).where(covered);
    const set = { revertRequestId: requestId };
    return { requestId, finding: await markFinding(tx, caller, link, finding, set, 'drift_revert') };
  });
}

export async function revertFinding(
  db: Database,
  caller: Caller,
  id: string,
  scope: 'resource' | 'link',
  settings: GitSyncSettings,
) {
  const { finding, link } = await openFinding(db, caller, id, false);
  const { doc } = await gitDocument(db, link, settings);
  const done =
    scope === 'link'
      ? await revertLink(db, caller, link, finding, doc)
      : await revertResource(db, caller, link, finding, doc);
  const [request] = await db
    .select({ status: changeRequests.status })
    .from(changeRequests)
    .where(and(eq(changeRequests.id, done.requestId)));
  return {
    finding: toFinding(done.finding),
    requestId: done.requestId,
    applied: request?.status === 'applied',
  };
}

export async function adoptFinding(
  db: Database,
  caller: Caller,
  id: string,
  settings: GitSyncSettings,
): Promise<DriftAdopt> {
  const { finding, link } = await openFinding(db, caller, id, true);
  const live = await db.transaction(async (tx): Promise<ConfigDocument> =>
    link.tenantId === null ? exportPlatform(tx) : exportTenant(tx, link.tenantId),
  );
  const content = serializeDocument(live, link.format);
  const answer = { path: link.path, format: link.format };
  if (!link.writeAccess || link.accessToken === null) {
    return { finding: toFinding(finding), pushed: false, branch: null, commit: null, content, ...answer };
  }
  const branch = `resource-manager/adopt-${finding.id.slice(0, 8)}-${Date.now().toString(36)}`;
  const message = `Adopt the live state of ${finding.resourceType} ${finding.resourceKey}\n\nBy ${caller.viewer.user.email} in Resource Manager.`;
  let commit: string;
  try {
    commit = await pushFileToNewBranch(
      remoteOf(link),
      { branch, path: link.path, content, message },
      settings,
    );
  } catch (error) {
    throw conflict(
      `The branch could not be pushed: ${gitFailureOf(error, remoteOf(link), settings.timeoutMs)}`,
    );
  }
  const marked = await db.transaction((tx) =>
    markFinding(tx, caller, link, finding, { adoptBranch: branch }, 'drift_adopt'),
  );
  return { finding: toFinding(marked), pushed: true, branch, commit, content: null, ...answer };
}
