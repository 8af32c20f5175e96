import { z } from 'zod';
import { oneLineText } from './common';
import { changeSchema } from './change-kinds';
import { diffEntrySchema } from './releases';

/*
 * A plan of a configuration document (docs/config-as-code.md): the changes that would make the live
 * state match it, and the bodies of POST /api/plans and /api/plans/apply. The document is config-doc.ts.
 */

/** The resource a planned change concerns, by the document's natural key. */
export const plannedResourceSchema = z.object({ type: z.string(), key: z.string() });
export type PlannedResource = z.infer<typeof plannedResourceSchema>;

export const plannedChangeSchema = z.object({
  change: changeSchema,
  title: z.string(),
  resource: plannedResourceSchema,
  diff: z.array(diffEntrySchema),
  /** The release fingerprint of the state it changes: apply refuses the plan when it moved. */
  fingerprint: z.string(),
});
export type PlannedChange = z.infer<typeof plannedChangeSchema>;

export const planSchema = z.object({
  scope: z.object({ tenantId: z.string().nullable() }),
  changes: z.array(plannedChangeSchema),
  /** Deletions of what the document omits: only with prune, and listed apart. */
  prune: z.array(plannedChangeSchema),
  summary: z.object({
    changes: z.number().int(),
    prune: z.number().int(),
    byKind: z.record(z.string(), z.number().int()),
    byResource: z.record(z.string(), z.number().int()),
  }),
  /** When it was made: apply names who moved a resource since. */
  plannedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** POST /api/plans: the document as YAML or JSON text, or as an object. */
export const planBodySchema = z.object({
  document: z.union([z.string().max(5_000_000), z.record(z.string(), z.unknown())]),
  prune: z.boolean().optional(),
});
export type PlanBody = z.infer<typeof planBodySchema>;

/** POST /api/plans/apply: the plan the caller reviewed (expected) makes a moved state refuse. */
export const applyPlanBodySchema = planBodySchema.extend({
  title: oneLineText(200).min(1).optional(),
  expected: planSchema.optional(),
  /**
   * Who wrote or merged the document, when a pipeline files it (the CLI sends the e-mails of the commits
   * that brought the file to its HEAD): the console users among them may not approve what is filed. Any
   * text is taken, as Git takes any: an address that is no user's names no one.
   */
  authors: z.array(z.string().trim().min(1).max(320)).max(100).optional(),
});
export type ApplyPlanBody = z.infer<typeof applyPlanBodySchema>;

/** A request apply filed: its id, whether it applied at once (no approval needed) and its changes. */
export const filedRequestSchema = z.object({
  id: z.string(),
  status: z.string(),
  changes: z.number().int(),
});

/**
 * 201 `{ changeRequestId }` when the release waits for approvals; 200 `{ applied }` when it applied at
 * once (or there was nothing to change: `changeRequestId` null). `requests` lists every request filed:
 * the release and, apart, an approval policy change (which never travels in a release).
 */
export const applyPlanReplySchema = z.union([
  z.object({ changeRequestId: z.string(), requests: z.array(filedRequestSchema) }),
  z.object({
    applied: z.object({ changeRequestId: z.string().nullable(), changes: z.number().int() }),
    requests: z.array(filedRequestSchema),
  }),
]);
export type ApplyPlanReply = z.infer<typeof applyPlanReplySchema>;
