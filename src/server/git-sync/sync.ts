import { and, eq } from 'drizzle-orm';
import type { ConfigDocument } from '../../contract/config-doc';
import type { Viewer } from '../auth/viewer';
import { applyPlan } from '../config-as-code';
import type { Database } from '../db/client';
import { gitLinks } from '../db/schema';
import { AppError } from '../errors';
import type { GitLinkRow } from './links';
import { syncPeopleBehind } from './people-behind';

/*
 * Sync mode (docs/config-as-code-git.md): a commit the branch moved to is filed as one release by the
 * Git sync service account, through the approval policy like any request (applied at once where none
 * is needed). The check marked the commit as filed before this runs, so each commit is filed once.
 */

const short = (commit: string) => commit.slice(0, 12);

export async function syncCommit(
  db: Database,
  link: GitLinkRow,
  run: {
    commit: string;
    doc: ConfigDocument;
    viewer: Viewer;
    /** Who authored or committed the commits it files (e-mails). */
    contributors: string[];
    previous: string | null;
  },
): Promise<{ link: GitLinkRow; requestId: string | null }> {
  const title = `Git sync: ${link.path} at ${short(run.commit)}`;
  try {
    const reply = await applyPlan(db, run.viewer, run.doc, {
      tenantId: link.tenantId ?? undefined,
      title,
      peopleBehind: await syncPeopleBehind(db, link.id, run.contributors),
    });
    if (!('applied' in reply)) return { link, requestId: reply.changeRequestId };
    // Applied at once (no approval needed): the file at this commit is live.
    const [row] = await db
      .update(gitLinks)
      .set({ appliedCommit: run.commit })
      .where(eq(gitLinks.id, link.id))
      .returning();
    return { link: row ?? link, requestId: reply.applied.changeRequestId };
  } catch (error) {
    if (!(error instanceof AppError)) {
      // Not the document's fault (the database): the next pass files the commit again.
      await db
        .update(gitLinks)
        .set({ syncedCommit: run.previous })
        .where(and(eq(gitLinks.id, link.id), eq(gitLinks.syncedCommit, run.commit)));
      throw error;
    }
    // The document's fault: this commit is not filed again; the next one is.
    const [row] = await db
      .update(gitLinks)
      .set({ lastError: `Sync of ${short(run.commit)} was refused: ${error.message}` })
      .where(eq(gitLinks.id, link.id))
      .returning();
    return { link: row ?? link, requestId: null };
  }
}
