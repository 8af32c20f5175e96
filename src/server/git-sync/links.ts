import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { GitLink, gitLinkInputSchema, GitLinkUpdate } from '../../contract/git-links';
import { recordAudit } from '../audit/service';
import { tenantCondition, viewerCan, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { driftFindings, gitLinks, tenants } from '../db/schema';
import type { AddressAllowance } from '../delivery/probes/address-policy';
import { badRequest, forbidden, notFound } from '../errors';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';
import { refusingDuplicates } from '../unique-violation';
import { conflict } from '../errors';
import { assertDeliverableUrl } from '../webhooks/service';

/*
 * Git links (docs/config-as-code-git.md): who may see and manage them, and their writes. Managed by a
 * tenant's owners and admins (the platform's by global administrators), readable by the tenant's
 * members; the access token is write-only: never answered, audited or exported.
 */

export type GitLinkRow = typeof gitLinks.$inferSelect;
type Input = z.output<typeof gitLinkInputSchema>;
const WHAT = 'Git link';

export const mayManageLink = (viewer: Viewer, tenantId: string | null): boolean =>
  viewer.isAdmin || (tenantId !== null && viewerCan(viewer, tenantId, 'configure'));

const mayReadLink = (viewer: Viewer, tenantId: string | null): boolean =>
  viewer.isAdmin || (tenantId !== null && viewerCan(viewer, tenantId, 'read'));

/** What the API shows of a link: never its token, only whether there is one. */
export function toGitLink(row: GitLinkRow, openFindings: number): GitLink {
  const { accessToken, leaseUntil: _lease, editorIds: _editors, ...rest } = row;
  return { ...rest, hasAccessToken: accessToken !== null, openFindings };
}

/** The audit record of a link: the token never. */
const audited = (row: GitLinkRow) => toGitLink(row, 0);

async function openFindingsOf(db: Executor, linkIds: string[]): Promise<Map<string, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .select({ linkId: driftFindings.linkId, open: count() })
    .from(driftFindings)
    .where(and(inArray(driftFindings.linkId, linkIds), isNull(driftFindings.resolvedAt)))
    .groupBy(driftFindings.linkId);
  return new Map(rows.map((row) => [row.linkId, row.open]));
}

export async function withFindings(db: Executor, row: GitLinkRow): Promise<GitLink> {
  return toGitLink(row, (await openFindingsOf(db, [row.id])).get(row.id) ?? 0);
}

/** The row, if the viewer may read it (manage, with `manage`); 404 otherwise, as for every hidden resource. */
export async function visibleLink(
  db: Executor,
  viewer: Viewer,
  id: string,
  options: { manage?: boolean; lock?: boolean } = {},
): Promise<GitLinkRow> {
  const query = db.select().from(gitLinks).where(eq(gitLinks.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !mayReadLink(viewer, row.tenantId)) throw notFound(WHAT);
  if (options.manage && !mayManageLink(viewer, row.tenantId)) {
    throw forbidden("Only the tenant's owners and admins manage its Git link");
  }
  return row;
}

export async function listGitLinks(db: Executor, viewer: Viewer): Promise<GitLink[]> {
  const where = tenantCondition(viewer, 'read', gitLinks.tenantId);
  if (where === null) return [];
  const rows = await db
    .select()
    .from(gitLinks)
    .where(where)
    .orderBy(desc(gitLinks.createdAt), desc(gitLinks.id));
  const open = await openFindingsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toGitLink(row, open.get(row.id) ?? 0));
}

/** The link of a tenant ("Managed in Git"), or null when it has none; 404 for a tenant the viewer cannot read. */
export async function tenantGitLink(db: Executor, viewer: Viewer, tenantId: string): Promise<GitLink | null> {
  if (!viewerCan(viewer, tenantId, 'read')) throw notFound('Tenant');
  const [row] = await db.select().from(gitLinks).where(eq(gitLinks.tenantId, tenantId));
  return row ? withFindings(db, row) : null;
}

/** The URL check the webhooks make: http(s), no credentials, no refused address. */
async function assertReachable(url: string, allowance: AddressAllowance): Promise<void> {
  try {
    await assertDeliverableUrl(url, allowance);
  } catch {
    const message = 'Must be an http(s) URL without credentials, to an address the server may reach';
    throw badRequest(`Invalid body.repoUrl: ${message}`, [{ path: 'body.repoUrl', message }]);
  }
}

const duplicate = () => conflict('This tenant (or the platform) already has a Git link; edit it instead');

export async function createGitLink(
  db: Database,
  viewer: Viewer,
  input: Input,
  actor: Actor,
  allowance: AddressAllowance,
): Promise<GitLink> {
  if (!mayManageLink(viewer, input.tenantId)) {
    if (input.tenantId !== null && !viewerCan(viewer, input.tenantId, 'read')) throw notFound('Tenant');
    throw forbidden(
      input.tenantId === null
        ? 'Only administrators link the platform to Git'
        : "Only the tenant's owners and admins link it to Git",
    );
  }
  await assertReachable(input.repoUrl, allowance);
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        if (input.tenantId !== null) {
          const [tenant] = await tx
            .select({ id: tenants.id })
            .from(tenants)
            .where(eq(tenants.id, input.tenantId));
          if (!tenant) throw notFound('Tenant');
        }
        const [row] = await tx
          .insert(gitLinks)
          .values({ ...input, createdById: viewer.user.id, editorIds: [viewer.user.id] })
          .returning();
        if (!row) throw new Error('git link insert returned no row');
        await auditLink(tx, actor, row, 'create', { after: audited(row) });
        return toGitLink(row, 0);
      }),
    duplicate,
  );
}

async function auditLink(tx: Transaction, actor: Actor, row: GitLinkRow, action: string, changes: unknown) {
  await recordAudit(tx, actor, {
    action: `git_link.${action}`,
    resourceType: 'git-link',
    resourceId: row.id,
    tenantId: row.tenantId,
    changes,
  });
}

/** The link's editors with `userId` among them, once. */
const withEditor = (userId: string) =>
  sql<string[]>`case when ${userId} = any(${gitLinks.editorIds}) then ${gitLinks.editorIds}
    else array_append(${gitLinks.editorIds}, ${userId}::text) end`;

export const TOKEN_STAYS_MESSAGE =
  'The stored access token is never sent to another repository: send this repository’s token, or null for none';

/**
 * A stored token was given for its repository. Who edits the link may not be who chose the token, so a
 * new URL that kept it would send it (up front, as the Basic password) to a server of the editor's
 * choosing, or read another repository with it: the new URL comes with its own token, or none.
 */
function assertTokenStaysWithRepository(before: GitLinkRow, edit: GitLinkUpdate): void {
  const moved = edit.repoUrl !== undefined && edit.repoUrl !== before.repoUrl;
  if (moved && before.accessToken !== null && edit.accessToken === undefined)
    throw badRequest(TOKEN_STAYS_MESSAGE, [{ path: 'body.accessToken', message: TOKEN_STAYS_MESSAGE }]);
}

export async function updateGitLink(
  db: Database,
  viewer: Viewer,
  id: string,
  edit: GitLinkUpdate,
  actor: Actor,
  expected: ExpectedRevision | undefined,
  allowance: AddressAllowance,
): Promise<GitLink> {
  if (edit.repoUrl !== undefined) await assertReachable(edit.repoUrl, allowance);
  return db.transaction(async (tx) => {
    const before = await visibleLink(tx, viewer, id, { manage: true, lock: true });
    assertRevision(before, expected, 'The Git link', await withFindings(tx, before));
    // Nothing to change: answered as it is, nothing written or audited.
    if (Object.keys(edit).length === 0) return withFindings(tx, before);
    assertTokenStaysWithRepository(before, edit);
    // Another repository, branch or file: what was seen of the old one says nothing of the new.
    const moved = ['repoUrl', 'branch', 'path'].some((field) => field in edit);
    const reset = moved && { lastSeenCommit: null, syncedCommit: null, appliedCommit: null, lastError: null };
    const [row] = await tx
      .update(gitLinks)
      .set({
        ...edit,
        ...reset,
        editorIds: withEditor(viewer.user.id),
        revision: nextRevision(gitLinks.revision),
        updatedAt: sql`now()`,
      })
      .where(eq(gitLinks.id, id))
      .returning();
    if (!row) throw notFound(WHAT);
    const tokenChanged = edit.accessToken !== undefined;
    await auditLink(tx, actor, row, 'update', {
      before: audited(before),
      after: audited(row),
      ...(tokenChanged && { accessTokenChanged: true }),
    });
    return withFindings(tx, row);
  });
}

export async function deleteGitLink(
  db: Database,
  viewer: Viewer,
  id: string,
  actor: Actor,
  expected: ExpectedRevision | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await visibleLink(tx, viewer, id, { manage: true, lock: true });
    assertRevision(before, expected, 'The Git link', await withFindings(tx, before));
    await tx.delete(gitLinks).where(eq(gitLinks.id, id));
    await auditLink(tx, actor, before, 'delete', { before: audited(before) });
  });
}
