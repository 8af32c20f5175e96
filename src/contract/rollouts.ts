import { z } from 'zod';
import { environmentSchema, idParamSchema, slotSchema, timestampSchema } from './common';
import { rolloutActions, rolloutStates } from './vocabulary';

export {
  activeRolloutStates,
  isImmediateRolloutAction,
  rolloutActions,
  rolloutStates,
  type RolloutAction,
} from './vocabulary';

/*
 * Health probes and progressive rollouts of blue-green slots (docs/rollouts.md). The shapes both sides
 * share; the rules live in src/server/delivery/probes and src/server/delivery/rollouts.
 */

/** Whose slots: a shared microfrontend's or a capability's. */
export const slotOwnerKinds = ['microfrontend', 'capability'] as const;
export const slotOwnerKindSchema = z.enum(slotOwnerKinds);
export type SlotOwnerKind = z.infer<typeof slotOwnerKindSchema>;

/** The path of a resource's slots in one environment: /{resourceType}/{id}/environment/{environment}. */
export const slotOwnerParamsSchema = z.object({
  resourceType: slotOwnerKindSchema,
  id: idParamSchema,
  environment: environmentSchema,
});

/** One probe of one slot's health check URL. */
export const healthResultSchema = z.object({
  slot: slotSchema,
  checkedAt: timestampSchema,
  ok: z.boolean(),
  /** The HTTP status when the endpoint answered. */
  statusCode: z.number().int().nullable(),
  /** Why it failed ("HTTP 503", "Timed out after 3000 ms", "Refused: 10.0.0.5 is a private address"...). */
  reason: z.string().nullable(),
  durationMs: z.number().int().min(0),
});
export type HealthResult = z.infer<typeof healthResultSchema>;

/** The most recent probes a slot keeps (the page's strip). */
export const HEALTH_HISTORY_LIMIT = 20;

/** Progressive traffic defaults (issue: 10, 50, 100, each held 60 s; watched 5 min after 100%). */
export const DEFAULT_ROLLOUT_STEPS = [10, 50, 100] as const;
export const DEFAULT_ANALYSIS_WINDOW_SECONDS = 60;
export const DEFAULT_WATCH_WINDOW_SECONDS = 300;

/** How a switch moves traffic: a progressive one steps it, each step held while the new slot stays healthy. */
export const progressiveOptionsSchema = z.object({
  /** Percentages of traffic to the new slot, strictly increasing, ending at 100. */
  steps: z
    .array(z.number().int().min(1).max(100))
    .min(1)
    .max(10)
    .refine((steps) => steps.every((p, i) => i === 0 || p > (steps[i - 1] ?? 0)), 'Steps must increase')
    .refine((steps) => steps.at(-1) === 100, 'The last step must be 100')
    .optional(),
  analysisWindowSeconds: z.number().int().min(1).max(86_400).optional(),
  watchWindowSeconds: z.number().int().min(0).max(86_400).optional(),
});
export type ProgressiveOptions = z.infer<typeof progressiveOptionsSchema>;

/** What a switch body may add: a progressive rollout, or forcing past the health gate (global admins). */
export const switchGateFieldsSchema = {
  progressive: progressiveOptionsSchema.optional(),
  /** Switch to a slot that is unhealthy or never checked; a global administrator only, with a reason. */
  force: z.boolean().optional(),
  forceReason: z.string().trim().max(500).optional(),
};

export const rolloutStateSchema = z.enum(rolloutStates);
export type RolloutState = z.infer<typeof rolloutStateSchema>;
/** A rollout that still holds traffic split or watched. */

export const rolloutEventKinds = [
  'started',
  'step',
  'paused',
  'resumed',
  'promoted',
  'completed',
  'aborted',
  'rolled_back',
] as const;
export const rolloutEventSchema = z.object({
  at: timestampSchema,
  kind: z.enum(rolloutEventKinds),
  /** Traffic to the new slot after the event. */
  trafficPercentage: z.number().int().min(0).max(100),
  /** The actor's e-mail, or "system" for the runner. */
  by: z.string(),
  reason: z.string().nullable(),
});
export type RolloutEvent = z.infer<typeof rolloutEventSchema>;

export const rolloutSchema = z.object({
  id: z.string(),
  resourceType: slotOwnerKindSchema,
  resourceId: z.string(),
  environment: environmentSchema,
  fromSlot: slotSchema,
  toSlot: slotSchema,
  steps: z.array(z.number().int()),
  /** Index into steps of the step traffic is at. */
  stepIndex: z.number().int().min(0),
  /** Traffic to the new slot now (the stable slot has the rest). */
  trafficPercentage: z.number().int().min(0).max(100),
  analysisWindowSeconds: z.number().int(),
  watchWindowSeconds: z.number().int(),
  state: rolloutStateSchema,
  /** When the current step (or the watch) ends and the runner moves on; null while paused or ended. */
  nextActionAt: timestampSchema.nullable(),
  reason: z.string().nullable(),
  startedBy: z.string(),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  events: z.array(rolloutEventSchema),
  revision: z.number().int().min(1),
});
export type Rollout = z.infer<typeof rolloutSchema>;

/** The buttons of a rollout; which of them act at once is in the vocabulary (isImmediateRolloutAction). */
export const rolloutActionSchema = z.enum(rolloutActions);
export const rolloutActionBodySchema = z.object({
  rolloutId: idParamSchema,
  action: rolloutActionSchema,
  reason: z.string().trim().max(500).optional(),
});
