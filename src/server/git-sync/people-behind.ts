import { eq } from 'drizzle-orm';
import { peopleByEmail, type PersonBehind } from '../changes/four-eyes';
import type { Executor } from '../db/client';
import { gitLinks } from '../db/schema';

/*
 * Who stands behind a release Git sync files (docs/config-as-code-git.md, "Sync mode"), so that none of
 * them is its second pair of eyes: the Git sync account files it, but people chose what it holds.
 * - Whoever created or edited the link: they chose the repository, branch and token it reads, and could
 *   point it at a file of their own. Kept on the link itself (`editorIds`): the audit trail's retention
 *   may purge the events that say so.
 * - The console users whose e-mail is the author or committer of a commit it applies. Git does not prove
 *   who wrote a commit (anyone may type any author), so this closes the honest path, not a forged one:
 *   protect the branch (reviews, signed commits) where the repository is hosted.
 */

const EDITED = 'You set up or edited the Git link that filed this request';
const COMMITTED = 'You authored or committed a commit this request applies';

export async function syncPeopleBehind(
  db: Executor,
  linkId: string,
  contributors: readonly string[],
): Promise<PersonBehind[]> {
  const [link] = await db
    .select({ editorIds: gitLinks.editorIds })
    .from(gitLinks)
    .where(eq(gitLinks.id, linkId));
  const authors = await peopleByEmail(db, contributors, COMMITTED);
  const people = new Map<string, string>();
  for (const userId of link?.editorIds ?? []) people.set(userId, EDITED);
  for (const { userId, reason } of authors) if (!people.has(userId)) people.set(userId, reason);
  return [...people].map(([userId, reason]) => ({ userId, reason }));
}
