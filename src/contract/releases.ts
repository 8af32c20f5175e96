import { z } from 'zod';
import { changeKinds, changeSchema, type Change } from './change-kinds';
import { environmentSchema, oneLineText, revisionSchema, timestampSchema } from './common';
import { isOneOf } from './sets';

/*
 * Releases (docs/releases.md): a change request holds an ordered set of changes, reviewed once, applied
 * together or not at all, and undone as one. A request of one change is a set of one.
 */

/** How many changes one request may hold. */
export const MAX_CHANGES_PER_REQUEST = 100;

/** Kinds that must travel alone: the governance of reviews is never part of a set. */
export const SOLO_CHANGE_KINDS = ['approval_policy.set'] as const satisfies readonly Change['kind'][];

/** The changes of a set, in the order they apply; the field a refusal names is `body.changes[i]`. */
export const changeListSchema = z
  .array(changeSchema)
  .min(1, 'A release holds at least one change')
  .max(MAX_CHANGES_PER_REQUEST, `A release holds at most ${MAX_CHANGES_PER_REQUEST} changes`)
  .superRefine((changes, context) => {
    if (changes.length < 2) return;
    changes.forEach((change, index) => {
      if (isOneOf(SOLO_CHANGE_KINDS, change.kind)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'kind'],
          message: 'An approval policy change cannot be part of a release: file it on its own',
        });
      }
    });
  });

/**
 * Where one change of a set stands. pending: not applied yet; applied; failed: applying it refused the
 * whole set; reverted: undone with its set; skipped: left out of a revert (its target moved on).
 */
export const changeItemStates = ['pending', 'applied', 'failed', 'reverted', 'skipped'] as const;
export type ChangeItemState = (typeof changeItemStates)[number];

export const diffEntrySchema = z.object({ label: z.string(), before: z.unknown(), after: z.unknown() });
export type DiffEntry = z.infer<typeof diffEntrySchema>;

/** One change of a request, with the target it names and the diff reviewers approve. */
export const changeRequestItemSchema = z.object({
  /** 0-based: the order the set applies in. */
  position: z.number().int(),
  kind: z.enum(changeKinds),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  environment: environmentSchema,
  title: z.string(),
  change: changeSchema,
  diff: z.array(diffEntrySchema),
  state: z.enum(changeItemStates),
  /** Why it failed or was skipped, in plain words. */
  outcome: z.string().nullable(),
  /** Why it cannot be undone automatically (a delete), or null when its set can revert it. */
  irreversible: z.string().nullable(),
});
export type ChangeRequestItem = z.infer<typeof changeRequestItemSchema>;

/** Which change of an open set went stale: its target moved on since the diff, by whom, and how. */
export const staleChangeSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  /** The last audited write on its target since the request was made, when one is recorded. */
  movedBy: z.string().nullable(),
  movedAt: timestampSchema.nullable(),
  /** The diff the change would make now. */
  diff: z.array(diffEntrySchema),
});
export type StaleChange = z.infer<typeof staleChangeSchema>;

/** One kind of thing a set touches: how many, and their names. */
export const impactEntrySchema = z.object({ count: z.number().int(), names: z.array(z.string()) });
export const impactKinds = [
  'tenants',
  'environments',
  'regions',
  'meshes',
  'webApps',
  'routes',
  'policies',
  'slots',
] as const;
export type ImpactKind = (typeof impactKinds)[number];
/** What a set touches, computed from the data when it is read. */
export const impactSchema = z.object({
  tenants: impactEntrySchema,
  environments: impactEntrySchema,
  regions: impactEntrySchema,
  meshes: impactEntrySchema,
  webApps: impactEntrySchema,
  routes: impactEntrySchema,
  policies: impactEntrySchema,
  slots: impactEntrySchema,
});
export type Impact = z.infer<typeof impactSchema>;

/** A request this one relates to: the set it reverts or was promoted from. */
export const relatedRequestSchema = z.object({ id: z.string(), number: z.number().int() });

/** POST /api/change-requests/:id/revert: what to do with targets changed by someone else since. */
export const revertDecisions = ['skip', 'overwrite'] as const;
export const revertBodySchema = z.object({
  /** One decision per position whose target moved on; the revert is refused naming any missing. */
  decisions: z
    .record(z.string().regex(/^\d+$/, 'Must be a change position'), z.enum(revertDecisions))
    .optional(),
  title: oneLineText(200).min(1).optional(),
});
export type RevertBody = z.infer<typeof revertBodySchema>;

/** POST /api/change-requests/:id/promote: the same set, mapped to the next environment. */
export const promoteSetBodySchema = z.object({ targetEnvironment: environmentSchema });
export type PromoteSetBody = z.infer<typeof promoteSetBodySchema>;

/* The draft release: one per user, filled by "Add to release" in the editors, then filed as one request. */

export const releaseDraftSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  changes: z.array(
    z.object({
      /** Stable while the draft lives, so the page can reorder and remove. */
      id: z.string(),
      change: changeSchema,
      /** What the editor called it ("New route /orders in production"). */
      title: z.string(),
      addedAt: timestampSchema,
    }),
  ),
  updatedAt: timestampSchema.nullable(),
  revision: revisionSchema,
});
export type ReleaseDraft = z.infer<typeof releaseDraftSchema>;

/** POST /api/release-draft/changes: "Add to release". */
export const addToReleaseBodySchema = z.object({ change: changeSchema });
/** PUT /api/release-draft: name, reorder, remove (the ids kept, in their new order). */
export const updateReleaseDraftBodySchema = z.object({
  title: oneLineText(200),
  description: z.string().trim().max(4000).nullable().optional(),
  order: z.array(z.string()).max(MAX_CHANGES_PER_REQUEST),
});
export type UpdateReleaseDraftBody = z.infer<typeof updateReleaseDraftBodySchema>;
