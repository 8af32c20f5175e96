import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { sortIndex } from './list-indexes';
import { tenants } from './tenants';
import { users } from './users';
import type {
  Change,
  ChangeEventKind,
  ChangeKind,
  ChangeItemState,
  ChangeRequestStatus,
  DiffEntry,
  ReleaseDraft,
} from '../../../contract/changes';
import type { Environment } from '../../../contract/common';

type ReleaseDraftChange = ReleaseDraft['changes'][number];

/*
 * Change requests (docs/changes.md): a change to an environment whose approval policy asks for
 * approvals waits here until enough other people approve it, then applies at once or at its scheduled
 * time. tenant_id null means a platform change (a shared capability's slots or deployments).
 */

/**
 * How many approvals a change needs, per tenant (or the platform, tenant_id null) and environment. No
 * row means the default: production needs one approval, the other environments none.
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: idColumn(),
    tenantId: text().references(() => tenants.id, { onDelete: 'cascade' }),
    environment: text().$type<Environment>().notNull(),
    requiredApprovals: integer().notNull(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    updatedBy: text(),
  },
  (t) => [
    uniqueIndex('approval_policies_scope_unique').on(sql`coalesce(${t.tenantId}, '')`, t.environment),
    check('approval_policies_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
    check('approval_policies_required_range', sql`${t.requiredApprovals} between 0 and 5`),
  ],
);

export const changeRequests = pgTable(
  'change_requests',
  {
    id: idColumn(),
    /** The human reference, "#12". */
    number: integer().generatedAlwaysAsIdentity().notNull(),
    tenantId: text().references(() => tenants.id, { onDelete: 'cascade' }),
    environment: text().$type<Environment>().notNull(),
    kind: text().$type<ChangeKind>().notNull(),
    title: text().notNull(),
    description: text(),
    /** How many changes it holds (change_request_items); `kind` is its first one's. */
    changeCount: integer().notNull().default(1),
    /** The applied request whose set this one undoes ("Revert"), or the one it was promoted from. */
    revertOfId: text(),
    promotedFromId: text(),
    /** The rollout its last change started (a progressive switch): its rollback undoes the whole set. */
    rolloutId: text(),
    status: text().$type<ChangeRequestStatus>().notNull().default('pending'),
    requiredApprovals: integer().notNull(),
    /** Raised by every refresh: approvals of earlier rounds approved another diff and no longer count. */
    round: integer().notNull().default(1),
    requestedById: text(),
    requestedBy: text().notNull(),
    /** The API token that filed it (null: a session): who stands behind a token's request (docs/changes.md). */
    requestedTokenId: text(),
    createdAt: createdAtColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    scheduledAt: isoTimestamp(),
    /** The IANA time zone the schedule was given in, to show it as its author meant it. */
    scheduleTimeZone: text(),
    /**
     * The times the current round's approvals hold for (docs/changes.md, "Moving an approved time"): from
     * the latest time one of them saw to the earliest plus RESCHEDULE_TOLERANCE_HOURS. The time an approval
     * saw is the request's time then, or the approval's moment when it had none. Null until the round's
     * first approval (and on requests approved before these were kept); a new round clears them.
     */
    approvedFrom: isoTimestamp(),
    approvedUntil: isoTimestamp(),
    appliedAt: isoTimestamp(),
    appliedBy: text(),
    /** Why applying failed, in plain words. */
    outcome: text(),
    /** A global administrator's reason for applying without approvals. */
    bypassReason: text(),
    revision: revisionColumn(),
  },
  (t) => [
    uniqueIndex('change_requests_number_unique').on(t.number),
    // The scheduler's claim: due scheduled requests, oldest first.
    index('change_requests_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('change_requests_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The Changes list's sorts (docs/lists.md): (column, id), so a page is an index walk in either
    // direction; the unique number orders alone, on change_requests_number_unique.
    sortIndex('change_requests_created_sort_idx', t.createdAt, t.id),
    sortIndex('change_requests_updated_sort_idx', t.updatedAt, t.id),
    sortIndex('change_requests_scheduled_sort_idx', t.scheduledAt, t.id),
    sortIndex('change_requests_status_sort_idx', t.status, t.id),
    index('change_requests_status_created_idx').on(t.status, t.createdAt),
    // The Overview (docs/overview.md): one's own requests, and the last 30 days' applied and failed ones.
    index('change_requests_requester_idx').on(t.requestedById, t.status),
    index('change_requests_applied_at_idx')
      .on(t.appliedAt)
      .where(sql`${t.status} = 'applied'`),
    index('change_requests_failed_at_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
    check(
      'change_requests_status',
      sql`${t.status} in ('pending', 'scheduled', 'applied', 'rejected', 'cancelled', 'failed')`,
    ),
    check('change_requests_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
  ],
);

/**
 * The changes of a request (docs/releases.md), in the order they apply: what each changes, the diff
 * reviewers approve and the state it was made on, and, once applied, how to undo it.
 */
export const changeRequestItems = pgTable(
  'change_request_items',
  {
    id: idColumn(),
    changeRequestId: text()
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text().$type<ChangeKind>().notNull(),
    /** The tenant whose policy it falls under (null: the platform's). */
    tenantId: text().references(() => tenants.id, { onDelete: 'set null' }),
    environment: text().$type<Environment>().notNull(),
    title: text().notNull(),
    /** The change itself, as the contract's `change` union: what applying runs. */
    change: jsonb().$type<Change>().notNull(),
    /** What the change would alter, as shown to reviewers: [{ label, before, after }]. */
    diff: jsonb().$type<DiffEntry[]>().notNull(),
    /** The state the diff was made on, after the changes before it; applying refuses when it moved. */
    baseFingerprint: text().notNull(),
    state: text().$type<ChangeItemState>().notNull().default('pending'),
    outcome: text(),
    /** Set at apply: the changes that put its target back as it was, in order (empty: nothing to undo). */
    inverse: jsonb().$type<Change[]>(),
    /** Why it cannot be undone (a delete), or null. */
    irreversible: text(),
    /** Its target's fingerprint right after it applied: a revert finds who moved it since. */
    appliedFingerprint: text(),
  },
  (t) => [
    uniqueIndex('change_request_items_position_unique').on(t.changeRequestId, t.position),
    index('change_request_items_kind_idx').on(t.kind, t.changeRequestId),
    check('change_request_items_position_range', sql`${t.position} between 0 and 99`),
    check(
      'change_request_items_state',
      sql`${t.state} in ('pending', 'applied', 'failed', 'reverted', 'skipped')`,
    ),
    check('change_request_items_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
  ],
);

/** Each user's draft release: the changes "Add to release" collected, until it is filed (docs/releases.md). */
export const releaseDrafts = pgTable('release_drafts', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text().notNull().default(''),
  description: text(),
  changes: jsonb()
    .$type<ReleaseDraftChange[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: isoTimestamp(),
  revision: revisionColumn(),
});

/** The timeline of a request: comments, approvals, rejections and what happened to it. */
export const changeRequestEvents = pgTable(
  'change_request_events',
  {
    id: idColumn(),
    changeRequestId: text()
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    kind: text().$type<ChangeEventKind>().notNull(),
    round: integer().notNull(),
    authorId: text(),
    author: text().notNull(),
    body: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('change_request_events_request_idx').on(t.changeRequestId, t.createdAt),
    // The Overview's rolled-back sets per day.
    index('change_request_events_revert_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'revert'`),
    // One approval per person and round: a second click, or two tabs, cannot count twice.
    uniqueIndex('change_request_events_one_approval')
      .on(t.changeRequestId, t.round, t.authorId)
      .where(sql`${t.kind} = 'approve'`),
  ],
);

/**
 * People behind a request beyond its requester and token, recorded when it is filed: for a release Git
 * sync filed, whoever set up or edited the link and the console users who authored or committed the
 * commits it applies. None of them may approve it (docs/changes.md, "Another person").
 */
export const changeRequestPeople = pgTable(
  'change_request_people',
  {
    changeRequestId: text()
      .notNull()
      .references(() => changeRequests.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    /** Why they stand behind it, in their words ("You authored a commit this request applies"). */
    reason: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeRequestId, t.userId] })],
);
