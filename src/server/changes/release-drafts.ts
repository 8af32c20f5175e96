import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  MAX_CHANGES_PER_REQUEST,
  SOLO_CHANGE_KINDS,
  type Change,
  type ChangeRequest,
  type ReleaseDraft,
  type Schedule,
  type UpdateReleaseDraftBody,
} from '../../contract/changes';
import { isOneOf } from '../../contract/sets';
import type { Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { releaseDrafts } from '../db/schema';
import { AppError, badRequest, conflict } from '../errors';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';
import { handlerOf } from './kinds';
import { assertMayRequest } from './may-request';
import { inItem } from './release-run';
import { summaryOf } from './request-rows';
import { fileRequest } from './requests';

/*
 * Each person's draft release (docs/releases.md): "Add to release" in an editor puts its change here
 * instead of filing it; the release page names, orders and trims the draft, then files it as one request.
 */

type DraftRow = typeof releaseDrafts.$inferSelect;

const EMPTY = { title: '', description: null, changes: [], updatedAt: null, revision: 0 };

const draftOf = (row: DraftRow | undefined): ReleaseDraft =>
  row
    ? {
        title: row.title,
        description: row.description,
        changes: row.changes,
        updatedAt: row.updatedAt,
        revision: row.revision,
      }
    : EMPTY;

/** The viewer's draft row, locked for this transaction (made empty on first use). */
async function lockDraft(tx: Transaction, viewer: Viewer): Promise<DraftRow> {
  await tx.insert(releaseDrafts).values({ userId: viewer.user.id, revision: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(releaseDrafts)
    .where(eq(releaseDrafts.userId, viewer.user.id))
    .for('update');
  if (!row) throw new Error('The draft release row was not written');
  return row;
}

export async function getReleaseDraft(db: Database, viewer: Viewer): Promise<ReleaseDraft> {
  const [row] = await db.select().from(releaseDrafts).where(eq(releaseDrafts.userId, viewer.user.id));
  return draftOf(row);
}

async function saveDraft(tx: Transaction, row: DraftRow, values: Partial<DraftRow>): Promise<ReleaseDraft> {
  const [saved] = await tx
    .update(releaseDrafts)
    .set({ ...values, updatedAt: sql`now()`, revision: nextRevision(releaseDrafts.revision) })
    .where(eq(releaseDrafts.userId, row.userId))
    .returning();
  return draftOf(saved);
}

/**
 * "Add to release": the change must be one the viewer may ask for (its target exists and their role
 * allows it); the whole set is dry-run when it is filed, in order.
 */
export async function addToReleaseDraft(db: Database, viewer: Viewer, change: Change): Promise<ReleaseDraft> {
  if (isOneOf(SOLO_CHANGE_KINDS, change.kind)) {
    const message = 'An approval policy change cannot be part of a release: file it on its own';
    throw badRequest(message, [{ path: 'body.change.kind', message }]);
  }
  return db.transaction(async (tx) => {
    const row = await lockDraft(tx, viewer);
    if (row.changes.length >= MAX_CHANGES_PER_REQUEST) {
      const message = `A release holds at most ${MAX_CHANGES_PER_REQUEST} changes`;
      throw badRequest(message, [{ path: 'body.change', message }]);
    }
    let title: string;
    try {
      const target = await handlerOf(change).target(tx, change);
      assertMayRequest(viewer, target);
      title = target.title;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw inItem(error, { via: 'change', index: 0, total: 1 });
    }
    const added = { id: randomUUID(), change, title, addedAt: new Date().toISOString() };
    return saveDraft(tx, row, { changes: [...row.changes, added] });
  });
}

/** Names, reorders and trims the draft: `order` lists the changes kept, in their new order. */
export async function updateReleaseDraft(
  db: Database,
  viewer: Viewer,
  body: UpdateReleaseDraftBody,
  expected: ExpectedRevision | undefined,
): Promise<ReleaseDraft> {
  return db.transaction(async (tx) => {
    const row = await lockDraft(tx, viewer);
    assertRevision(row, expected, 'Your release', draftOf(row));
    const byId = new Map(row.changes.map((change) => [change.id, change]));
    const seen = new Set<string>();
    const changes = body.order.map((id, index) => {
      const change = byId.get(id);
      if (!change || seen.has(id)) {
        const message = change ? 'Listed twice' : 'Not a change of your release';
        throw badRequest(message, [{ path: `body.order[${index}]`, message }]);
      }
      seen.add(id);
      return change;
    });
    return saveDraft(tx, row, { title: body.title, description: body.description ?? null, changes });
  });
}

export async function discardReleaseDraft(db: Database, viewer: Viewer): Promise<void> {
  await db.delete(releaseDrafts).where(eq(releaseDrafts.userId, viewer.user.id));
}

/**
 * Files the draft as one request and empties it, in one transaction: a refused set (the dry run names
 * the change) leaves the draft as it was.
 */
export async function fileReleaseDraft(
  db: Database,
  viewer: Viewer,
  options: { schedule?: Schedule | null; bypassReason?: string },
  ip: string | undefined,
): Promise<ChangeRequest> {
  const id = await db.transaction(async (tx) => {
    const row = await lockDraft(tx, viewer);
    if (row.changes.length === 0) throw conflict('Your release is empty: add changes to it first');
    const id = await fileRequest(
      tx,
      {
        changes: row.changes.map((entry) => entry.change),
        title: row.title.trim() || undefined,
        description: row.description,
        schedule: options.schedule,
        bypassReason: options.bypassReason,
      },
      viewer,
      ip,
    );
    await tx.delete(releaseDrafts).where(eq(releaseDrafts.userId, viewer.user.id));
    return id;
  });
  return summaryOf(db, id);
}
