import { z } from 'zod';
import { changeKinds, changeSchema } from './change-kinds';
import { environmentSchema, idParamSchema, oneLineText, revisionSchema, timestampSchema } from './common';
import { listQuerySchemaFor } from './lists';
import {
  changeRequestSortFields,
  changeRequestStates,
  changeRequestStatuses,
  changeRequestViews,
} from './change-labels';
import {
  changeListSchema,
  changeRequestItemSchema,
  diffEntrySchema,
  impactSchema,
  relatedRequestSchema,
  staleChangeSchema,
} from './releases';
import { instantOfLocalTime, isTimeZone, LOCAL_TIME_PATTERN } from './time-zone';

// Approval policies and change kinds have modules of their own; requests, kinds and policies travel together.
export * from './approval-policies';
export * from './change-kinds';
export * from './releases';
export {
  CHANGE_STATUS_LABELS,
  changeRequestSortFields,
  changeRequestStates,
  changeRequestStatuses,
  changeRequestViews,
  type ChangeRequestStatus,
} from './change-labels';

/*
 * Change requests (docs/changes.md). A change to an environment whose approval policy asks for
 * approvals is not applied by its endpoint: it becomes a request that other people approve, and applies
 * when the last approval arrives or at its scheduled time.
 */

/** When a scheduled request applies: a local time and the IANA zone it is in. */
export const scheduleSchema = z
  .object({
    localTime: z.string().regex(LOCAL_TIME_PATTERN, 'Must be a date and time, YYYY-MM-DDTHH:mm'),
    timeZone: z.string().refine(isTimeZone, 'Must be an IANA time zone, such as Europe/Berlin'),
  })
  .refine((value) => instantOfLocalTime(value.localTime, value.timeZone) !== undefined, {
    message: 'Must be a real date and time',
    path: ['localTime'],
  });
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * How much later an approved time may move and keep its approvals. Earlier, or later by more, starts a
 * new round of approvals: the reviewers approved the change at that time (docs/changes.md).
 */
export const RESCHEDULE_TOLERANCE_HOURS = 24;

const commentText = z.string().trim().max(4000, 'Must be at most 4000 characters');

/** POST /api/change-requests: one change (`change`) or a release of many (`changes`), not both. */
export const createChangeRequestBodySchema = z
  .object({
    change: changeSchema.optional(),
    changes: changeListSchema.optional(),
    /** Defaults to a description of the change. */
    title: oneLineText(200).min(1, 'Title is required').optional(),
    description: commentText.nullable().optional(),
    /** Apply at this time once approved; without it, the last approval applies it. */
    schedule: scheduleSchema.nullable().optional(),
    /** Global administrators only: apply now without approvals; the reason is audited. */
    bypassReason: z.string().trim().min(1, 'A reason is required').max(1000).optional(),
  })
  .superRefine((body, context) => {
    if ((body.change === undefined) === (body.changes === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [body.change === undefined ? 'changes' : 'change'],
        message: 'Send either one change (change) or a list of changes (changes)',
      });
    }
  });
export type CreateChangeRequestBody = z.infer<typeof createChangeRequestBodySchema>;

export const reviewBodySchema = z.object({ comment: commentText.optional() });
export const rejectBodySchema = z.object({ comment: commentText.min(1, 'Say why you reject it') });
export const commentBodySchema = z.object({ body: commentText.min(1, 'Comment is required') });
export const scheduleBodySchema = z.object({ schedule: scheduleSchema });

export const changeRequestSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  environment: environmentSchema,
  kind: z.enum(changeKinds),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(changeRequestStatuses),
  requiredApprovals: z.number().int(),
  /** Approvals of the current round (a refresh starts a new one). */
  approvals: z.number().int(),
  requestedBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  scheduledAt: timestampSchema.nullable(),
  scheduleTimeZone: z.string().nullable(),
  appliedAt: timestampSchema.nullable(),
  appliedBy: z.string().nullable(),
  outcome: z.string().nullable(),
  bypassReason: z.string().nullable(),
  /** How many changes the request holds (a release holds more than one); `kind` is its first one's. */
  changeCount: z.number().int(),
  revision: revisionSchema,
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const changeEventKinds = [
  'request',
  'comment',
  'approve',
  'reject',
  'refresh',
  'schedule',
  'cancel',
  'apply',
  'fail',
  'bypass',
  /** The schedule moved outside what was approved: approvals start again. */
  'reopen',
  /** The applied set was undone as one: its rollout rolled back, or a step after the commit failed. */
  'revert',
] as const;
export type ChangeEventKind = (typeof changeEventKinds)[number];
export const changeEventSchema = z.object({
  id: z.string(),
  kind: z.enum(changeEventKinds),
  round: z.number().int(),
  author: z.string(),
  body: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** What the signed-in user may do with a request: the server's rules, so the page shows only those. */
export const changeRequestAbilitiesSchema = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  cancel: z.boolean(),
  refresh: z.boolean(),
  schedule: z.boolean(),
  comment: z.boolean(),
  /** File the inverse set as a new request (an applied request, by whoever may request its changes). */
  revert: z.boolean(),
  /** File the set again for the next environment. */
  promote: z.boolean(),
  /** Why approve is false, in plain words, when the user could otherwise review. */
  approveBlockedBy: z.string().nullable(),
});

export const changeRequestDetailSchema = changeRequestSchema.extend({
  /** The first change and its diff (a request of one change: the change). */
  change: changeSchema,
  diff: z.array(diffEntrySchema),
  /** Every change of the set, in the order it applies. */
  changes: z.array(changeRequestItemSchema),
  /** What the set touches, computed from the data. */
  impact: impactSchema,
  /** The live state differs from the one the diff was made on: it must be refreshed. */
  stale: z.boolean(),
  /** Which change went stale, by whom: null while fresh. */
  staleChange: staleChangeSchema.nullable(),
  /** The applied request this one reverts, or the one it was promoted from. */
  revertOf: relatedRequestSchema.nullable(),
  promotedFrom: relatedRequestSchema.nullable(),
  /** The requests filed to revert or promote this one, newest first. */
  followUps: z.array(relatedRequestSchema.extend({ relation: z.enum(['revert', 'promotion']) })),
  events: z.array(changeEventSchema),
  can: changeRequestAbilitiesSchema,
});
export type ChangeRequestDetail = z.infer<typeof changeRequestDetailSchema>;

export const changeRequestQuerySchema = listQuerySchemaFor(changeRequestSortFields).extend({
  state: z.enum(changeRequestStates).optional(),
  status: z.enum(changeRequestStatuses).optional(),
  /** waiting: requests the user may approve now; mine: requests the user made. */
  view: z.enum(changeRequestViews).optional(),
  tenantId: idParamSchema.optional(),
  environment: environmentSchema.optional(),
  kind: z.enum(changeKinds).optional(),
});
export type ChangeRequestQuery = z.infer<typeof changeRequestQuerySchema>;

/** GET /api/change-requests/summary: the sidebar badge. */
export const changeSummarySchema = z.object({ waitingForMe: z.number().int() });
export type ChangeSummary = z.infer<typeof changeSummarySchema>;
