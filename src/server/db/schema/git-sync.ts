import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DriftResolution, GitLinkFormat } from '../../../contract/git-links';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { tenants } from './tenants';

/**
 * A tenant (or, with `tenantId` null, the platform) kept in a file of a Git repository
 * (docs/config-as-code-git.md): the drift pass reads the file at the branch's head and plans it against
 * the live state. One link per tenant, one for the platform.
 */
export const gitLinks = pgTable(
  'git_links',
  {
    id: idColumn(),
    tenantId: text().references(() => tenants.id, { onDelete: 'cascade' }),
    /** https (or http where the address policy allows) URL of the repository. */
    repoUrl: text().notNull(),
    branch: text().notNull(),
    /** The document's path inside the repository. */
    path: text().notNull(),
    format: text().$type<GitLinkFormat>().notNull().default('yaml'),
    /** Sent as HTTP Basic password; never returned, exported or audited (like a webhook's secret). */
    accessToken: text(),
    /** Whether the token may push: Adopt then pushes a branch instead of answering the file. */
    writeAccess: boolean().notNull().default(false),
    /** Sync mode: a new commit on the branch is filed as a release by the Git sync service account. */
    syncMode: boolean().notNull().default(false),
    /** The branch's head at the last successful check. */
    lastSeenCommit: text(),
    /** The last commit sync mode filed (or found nothing to file for): each commit is filed once. */
    syncedCommit: text(),
    /**
     * The newest commit whose file the live state was found to match (a check that planned no change): a
     * release sync files can hold what any commit since wrote, so their authors are read back to it.
     */
    appliedCommit: text(),
    lastCheckedAt: isoTimestamp(),
    /** Why the last check failed, in words; null when it succeeded. */
    lastError: text(),
    /** A pass's claim: no other process checks the link until then (a crashed pass's claim runs out). */
    leaseUntil: isoTimestamp(),
    revision: revisionColumn(),
    createdById: text(),
    /**
     * Everyone who created or edited the link: none of them may approve what sync files. Kept on the row,
     * not read from the audit trail, whose retention may purge the events.
     */
    editorIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    updatedAt: createdAtColumn(),
  },
  (t) => [
    check('git_links_format_check', sql`${t.format} in ('yaml', 'json')`),
    // One link per tenant, and one for the platform (null tenant).
    uniqueIndex('git_links_scope_unique').on(sql`coalesce(${t.tenantId}, '')`),
    index('git_links_due_idx').on(t.lastCheckedAt),
  ],
);

/**
 * One resource whose live state differs from the linked file: kept while the difference lasts (last seen
 * moves at every pass), resolved when it ends, with how.
 */
export const driftFindings = pgTable(
  'drift_findings',
  {
    id: idColumn(),
    linkId: text()
      .notNull()
      .references(() => gitLinks.id, { onDelete: 'cascade' }),
    resourceType: text().notNull(),
    resourceKey: text().notNull(),
    /** What the plan would do to make the live state match Git (its change kind, or a prune). */
    change: text().notNull(),
    title: text().notNull(),
    /** True when Git no longer has the resource (only a prune would remove it). */
    prune: boolean().notNull().default(false),
    /** JSON text: the planned change's diff. */
    diff: text().notNull(),
    /** The commit the difference was last seen against. */
    commit: text().notNull(),
    firstSeenAt: createdAtColumn(),
    lastSeenAt: createdAtColumn(),
    /** The release Revert filed, and the branch Adopt pushed, if either was done. */
    revertRequestId: text(),
    adoptBranch: text(),
    resolvedAt: isoTimestamp(),
    resolution: text().$type<DriftResolution>(),
  },
  (t) => [
    check('drift_findings_resolution_check', sql`${t.resolution} in ('reverted', 'adopted', 'gone')`),
    // Two passes at once record one open finding per resource.
    uniqueIndex('drift_findings_open_unique')
      .on(t.linkId, t.resourceType, t.resourceKey)
      .where(sql`${t.resolvedAt} is null`),
    index('drift_findings_link_idx').on(t.linkId, t.firstSeenAt, t.id),
  ],
);
