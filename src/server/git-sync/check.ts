import { eq } from 'drizzle-orm';
import type { ConfigDocument, Plan } from '../../contract/config-doc';
import type { Viewer } from '../auth/viewer';
import { parseDocument, planDocument } from '../config-as-code';
import type { Database } from '../db/client';
import { gitLinks } from '../db/schema';
import { AppError } from '../errors';
import { GitFailure, gitFailureOf, readRemoteFile, type GitRemote } from './git-client';
import { observedOf, recordFindings, type FindingRow } from './findings';
import type { GitLinkRow } from './links';
import { gitSyncUser, gitSyncViewer } from './service-account';
import type { GitSyncSettings } from './settings';
import { syncCommit } from './sync';

/*
 * One check of one link (docs/config-as-code-git.md): read the file at the branch's head, plan it
 * against the live state as the Git sync account would, record the findings, and in sync mode file a
 * new commit. Whatever goes wrong with the repository or the document is recorded on the link as its
 * last error, never thrown; only the database's own faults propagate (the pass logs them, a route 503s).
 */

export interface CheckOutcome {
  link: GitLinkRow;
  detected: FindingRow[];
  syncRequestId: string | null;
}

export const remoteOf = (link: GitLinkRow): GitRemote => ({
  url: link.repoUrl,
  branch: link.branch,
  token: link.accessToken,
});

const short = (commit: string) => commit.slice(0, 12);

/** The document's words for a refusal: its message and the first field it names. */
function documentFailure(error: AppError): string {
  const [first] = error.issues ?? [];
  const field = first && !error.message.includes(first.path) ? ` (${first.path}: ${first.message})` : '';
  return `${error.message}${field}`;
}

/** The link's document at its head, and the viewer that plans and files it; or why there is none. */
export async function readLinkDocument(
  db: Database,
  link: GitLinkRow,
  settings: GitSyncSettings,
  options: { contributors?: boolean } = {},
): Promise<{ commit: string; doc: ConfigDocument; viewer: Viewer; contributors: string[] }> {
  // Sync mode files what the commits hold: who wrote them may not approve it (people-behind.ts). Only the
  // check files, so only the check reads the history. It goes back to the last commit the live state was
  // found to match, not to the last one filed: a commit refused or rejected still has its lines in the
  // file, so the next release applies them.
  const history = options.contributors && link.syncMode ? { since: link.appliedCommit } : undefined;
  const read = await readRemoteFile(remoteOf(link), link.path, settings, history).catch((error: unknown) => {
    throw new GitFailure(gitFailureOf(error, remoteOf(link), settings.timeoutMs));
  });
  if (read.text === null) {
    throw new GitFailure(`No file ${link.path} on ${link.branch} at ${short(read.commit)}`);
  }
  let doc: ConfigDocument;
  try {
    doc = parseDocument(read.text, link.format);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new GitFailure(`${link.path} at ${short(read.commit)}: ${documentFailure(error)}`);
  }
  const expected = link.tenantId === null ? 'Platform' : 'Tenant';
  if (doc.kind !== expected) {
    throw new GitFailure(
      `${link.path} is a ${doc.kind} document; this link keeps a ${expected.toLowerCase()}`,
    );
  }
  const viewer = gitSyncViewer(await gitSyncUser(db), link.tenantId);
  return { commit: read.commit, doc, viewer, contributors: read.contributors };
}

export async function planLink(
  db: Database,
  link: GitLinkRow,
  viewer: Viewer,
  doc: ConfigDocument,
): Promise<Plan> {
  try {
    return await planDocument(db, viewer, doc, { tenantId: link.tenantId ?? undefined, prune: false });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new GitFailure(`The plan of ${link.path} failed: ${documentFailure(error)}`);
  }
}

/** Records a failed check on the link (and lets go of its claim). */
async function recordFailure(db: Database, link: GitLinkRow, message: string): Promise<GitLinkRow> {
  const [row] = await db
    .update(gitLinks)
    .set({ lastError: message, lastCheckedAt: new Date().toISOString(), leaseUntil: null })
    .where(eq(gitLinks.id, link.id))
    .returning();
  return row ?? link;
}

/** Checks one link now. */
export async function checkLink(
  db: Database,
  link: GitLinkRow,
  settings: GitSyncSettings,
): Promise<CheckOutcome> {
  let read: Awaited<ReturnType<typeof readLinkDocument>>;
  let plan: Plan;
  try {
    read = await readLinkDocument(db, link, settings, { contributors: true });
    plan = await planLink(db, link, read.viewer, read.doc);
  } catch (error) {
    if (!(error instanceof GitFailure)) throw error;
    return { link: await recordFailure(db, link, error.message), detected: [], syncRequestId: null };
  }
  const { commit, doc, viewer, contributors } = read;
  const recorded = await db.transaction(async (tx) => {
    // Checks of one link record one after another: the second sees the first's findings.
    const [locked] = await tx.select().from(gitLinks).where(eq(gitLinks.id, link.id)).for('update');
    if (!locked) return undefined;
    const detected = await recordFindings(tx, locked, commit, observedOf(plan));
    // Sync mode files each commit once: the commit is marked here, with the findings, then filed.
    const files = locked.syncMode && locked.syncedCommit !== commit;
    const [row] = await tx
      .update(gitLinks)
      .set({
        lastSeenCommit: commit,
        lastCheckedAt: new Date().toISOString(),
        lastError: null,
        leaseUntil: null,
        ...(files && { syncedCommit: commit }),
        // Nothing to change: everything the file holds at this commit is live.
        ...(plan.changes.length === 0 && { appliedCommit: commit }),
      })
      .where(eq(gitLinks.id, link.id))
      .returning();
    return row && { row, detected, files, previous: locked.syncedCommit };
  });
  if (!recorded) return { link, detected: [], syncRequestId: null };
  if (!recorded.files || plan.changes.length === 0) {
    return { link: recorded.row, detected: recorded.detected, syncRequestId: null };
  }
  const synced = await syncCommit(db, recorded.row, {
    commit,
    doc,
    viewer,
    contributors,
    previous: recorded.previous,
  });
  return { link: synced.link, detected: recorded.detected, syncRequestId: synced.requestId };
}
