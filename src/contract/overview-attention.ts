import { z } from 'zod';
import { changeRequestStatuses } from './changes';
import { environmentSchema, slotSchema, timestampSchema } from './common';
import { rolloutStateSchema, slotOwnerKindSchema } from './rollouts';

/*
 * The Overview's "what needs attention" cards (docs/overview.md): one summary endpoint per card, each a
 * fixed number of statements whatever the data size, each list capped and carrying its full count.
 */

/** How many rows each card lists (the count says how many more there are). */
export const OVERVIEW_CARD_LIMIT = 3;
/** How many recent probes a slot's strip shows. */
export const OVERVIEW_PROBE_STRIP = 10;
/** The activity chart's days, today included. */
export const OVERVIEW_ACTIVITY_DAYS = 30;
/** The latency chart's probes of one slot. */
export const OVERVIEW_LATENCY_POINTS = 50;

/** A card's capped list and how many rows it has in all. */
const cappedList = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), items: z.array(item) });

export const overviewRequestSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  environment: environmentSchema,
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  status: z.enum(changeRequestStatuses),
  requestedBy: z.string(),
  createdAt: timestampSchema,
  scheduledAt: timestampSchema.nullable(),
});
export type OverviewRequest = z.infer<typeof overviewRequestSchema>;

/** GET /api/overview/requests: what waits for the viewer's review, and the viewer's own requests. */
export const overviewRequestsSchema = z.object({
  waiting: cappedList(overviewRequestSchema),
  mine: z.object({
    /** The viewer's own requests by state (states with none are 0). */
    counts: z.record(z.enum(changeRequestStatuses), z.number().int()),
    /** The newest open (pending or scheduled) ones. */
    items: z.array(overviewRequestSchema),
  }),
});
export type OverviewRequests = z.infer<typeof overviewRequestsSchema>;

/** GET /api/overview/scheduled: requests due to apply in the next 24 hours, soonest first. */
export const overviewScheduledSchema = cappedList(overviewRequestSchema);
export type OverviewScheduled = z.infer<typeof overviewScheduledSchema>;

const slotOwnerColumns = {
  resourceType: slotOwnerKindSchema,
  resourceId: z.string(),
  /** The microfrontend's or capability's name (its id when it has none). */
  resourceName: z.string(),
  environment: environmentSchema,
};

export const overviewRolloutSchema = z.object({
  id: z.string(),
  ...slotOwnerColumns,
  fromSlot: slotSchema,
  toSlot: slotSchema,
  steps: z.array(z.number().int()),
  stepIndex: z.number().int(),
  trafficPercentage: z.number().int(),
  state: rolloutStateSchema,
  /** When the next step (or the end of the watch) is due; null while paused. */
  nextActionAt: timestampSchema.nullable(),
  startedAt: timestampSchema,
});
export type OverviewRollout = z.infer<typeof overviewRolloutSchema>;

/** GET /api/overview/rollouts: progressive switches in progress (running, paused, watching). */
export const overviewRolloutsSchema = cappedList(overviewRolloutSchema);
export type OverviewRollouts = z.infer<typeof overviewRolloutsSchema>;

export const overviewProbeSchema = z.object({
  checkedAt: timestampSchema,
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
});
export type OverviewProbe = z.infer<typeof overviewProbeSchema>;

export const overviewSlotSchema = z.object({
  id: z.string(),
  ...slotOwnerColumns,
  slot: slotSchema,
  trafficPercentage: z.number().int(),
  healthStatus: z.string(),
  healthReason: z.string().nullable(),
  /** Consecutive failed probes (the check is failing while above 0). */
  healthFailures: z.number().int(),
  lastHealthCheck: timestampSchema.nullable(),
  /** The newest probes, oldest first. */
  probes: z.array(overviewProbeSchema),
});
export type OverviewSlot = z.infer<typeof overviewSlotSchema>;

/** GET /api/overview/slots: slots that are unhealthy or whose check is failing, with their recent probes. */
export const overviewSlotsSchema = cappedList(overviewSlotSchema);
export type OverviewSlots = z.infer<typeof overviewSlotsSchema>;

/** GET /api/overview/slots/:id/latency: one slot's newest probes, oldest first. */
export const overviewLatencySchema = z.object({
  slotId: z.string(),
  probes: z.array(overviewProbeSchema),
});
export type OverviewLatency = z.infer<typeof overviewLatencySchema>;
export const overviewSlotParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const overviewActivityDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  development: z.number().int(),
  uat: z.number().int(),
  production: z.number().int(),
  failed: z.number().int(),
  rolledBack: z.number().int(),
});
export type OverviewActivityDay = z.infer<typeof overviewActivityDaySchema>;

/**
 * GET /api/overview/activity: per UTC day of the last 30, the requests applied by environment, those
 * that failed, and the applied sets rolled back; every day present, oldest first.
 */
export const overviewActivitySchema = z.object({ days: z.array(overviewActivityDaySchema) });
export type OverviewActivity = z.infer<typeof overviewActivitySchema>;
