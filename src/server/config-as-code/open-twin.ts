import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Change } from '../../contract/changes';
import type { Viewer } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { changeRequestItems, changeRequests } from '../db/schema';
import { sortedKeys } from './json-values';

/*
 * Applying the same document twice while its release waits files nothing new (docs/config-as-code.md):
 * a pipeline's merge job re-run, or a second click, finds the open request the same person filed with
 * exactly these changes and answers it instead of asking reviewers to approve the same thing twice.
 */

/** How many of the person's newest open requests of the scope are compared. */
const CANDIDATES = 20;

/** A change as compared: keys sorted, since the database hands stored JSON back in its own key order. */
const canonical = (changes: Change[]): string => JSON.stringify(sortedKeys(changes));

/** The open request (awaiting approval or scheduled) the viewer filed with exactly `changes`, if any. */
export async function openTwin(
  tx: Transaction,
  viewer: Viewer,
  tenantId: string | null,
  changes: Change[],
): Promise<{ id: string; status: string } | null> {
  const candidates = await tx
    .select({ id: changeRequests.id, status: changeRequests.status })
    .from(changeRequests)
    .where(
      and(
        eq(changeRequests.requestedById, viewer.user.id),
        tenantId === null ? isNull(changeRequests.tenantId) : eq(changeRequests.tenantId, tenantId),
        inArray(changeRequests.status, ['pending', 'scheduled']),
        eq(changeRequests.changeCount, changes.length),
      ),
    )
    .orderBy(desc(changeRequests.createdAt))
    .limit(CANDIDATES);
  if (candidates.length === 0) return null;
  const items = await tx
    .select({ requestId: changeRequestItems.changeRequestId, change: changeRequestItems.change })
    .from(changeRequestItems)
    .where(
      inArray(
        changeRequestItems.changeRequestId,
        candidates.map((c) => c.id),
      ),
    )
    .orderBy(asc(changeRequestItems.position));
  const wanted = canonical(changes);
  return (
    candidates.find(
      (c) => canonical(items.filter((item) => item.requestId === c.id).map((item) => item.change)) === wanted,
    ) ?? null
  );
}
