import { and, asc, eq, gt, notInArray, sql } from 'drizzle-orm';
import { RESTORED_FROM } from './service';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { masked, SECRET_NAME } from '../secrets/secret-values';

/*
 * Audit events recorded before the trail masked secrets (docs/security.md, "Secrets in settings") still
 * hold them. At start, the server masks them in place, a batch at a time, so exports and redeliveries of
 * old events carry references too. Once done, the search finds nothing and costs one scan.
 */

const BATCH = 500;

/**
 * A string, list or object under a secret's name inside JSON text stored in JSON text, as the trail's
 * text spells it (`\"clientSecret\":\"`), a reference aside. Only a first sieve; the masking decides.
 */
const INNER_SECRET = `\\\\"(?!secretRef\\\\")[^"\\\\]*(${SECRET_NAME})[^"\\\\]*\\\\":(\\\\"|\\[|\\{(?!\\\\"secretRef))`;

/**
 * A string, list or object under a secret's name inside a diff entry's parsed side (a drift finding's
 * diff shows a configuration as an object: `"label":"…","before":{…"password":"…`), a reference aside.
 */
const DIFF_SIDE_SECRET = `"label":"(?:[^"\\\\]|\\\\.)*",.*"(?:before|after)":(?:\\{|\\[).*"(?!secretRef")[^"]*(${SECRET_NAME})[^"]*":("|\\[|\\{(?!"secretRef"))`;

/** The event's changes with their secrets masked; text that is not JSON (none is written) stays. */
function remasked(text: string): string {
  try {
    return JSON.stringify(masked(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Masks the secrets recorded events still hold; answers how many events it rewrote. */
export async function maskRecordedSecrets(db: Database): Promise<number> {
  let after = '';
  let rewritten = 0;
  for (;;) {
    const rows = await db
      .select({ id: auditEvents.id, changes: auditEvents.changes })
      .from(auditEvents)
      .where(
        and(
          gt(auditEvents.id, after),
          notInArray(auditEvents.action, [...RESTORED_FROM]),
          sql`(${auditEvents.changes} ~* ${INNER_SECRET} or ${auditEvents.changes} ~* ${DIFF_SIDE_SECRET})`,
        ),
      )
      .orderBy(asc(auditEvents.id))
      .limit(BATCH);
    for (const row of rows) {
      const text = row.changes ?? '';
      const now = remasked(text);
      if (now === text) continue;
      await db.update(auditEvents).set({ changes: now }).where(eq(auditEvents.id, row.id));
      rewritten += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return rewritten;
    after = last.id;
  }
}
