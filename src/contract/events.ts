import { z } from 'zod';

/*
 * The live console's wire contract (see docs/live-updates.md). Every committed mutation writes an audit
 * event; each audit event is also published as a small live event. Events carry what changed, never the
 * change itself: a client refetches through the normal API, where permissions apply.
 */

/** The Server-Sent Events stream, one per browser tab. */
export const LIVE_EVENTS_PATH = '/api/events';

/** SSE event names. `change`: one event; `reset`: the gap since Last-Event-ID is too old, refetch everything. */
export const LIVE_EVENT_NAMES = { change: 'change', reset: 'reset', ready: 'ready' } as const;

export const liveEventSchema = z.object({
  /** The audit event's sequence number as a decimal string: the SSE `id:`, increasing per commit order. */
  id: z.string().regex(/^\d+$/),
  /** The audit action, e.g. "tenant.update". */
  action: z.string(),
  /** The audit resource type, e.g. "tenant", "capability", "change_request". */
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  tenantId: z.string().nullable(),
  /** The resource's revision after the change, when the audit event recorded one. */
  revision: z.number().int().nullable(),
  /** Who made the change; null for the system (scheduler, prober). */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** ISO time of the change. */
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Sent once when a stream opens: the newest event id the server knows, to resume from later. */
export const liveReadySchema = z.object({ lastEventId: z.string().nullable() });
export type LiveReady = z.infer<typeof liveReadySchema>;

export const LIVE_MESSAGES = {
  /** The indicator while the stream is down (the console refetches on focus meanwhile). */
  offline: 'Live updates paused: reconnecting…',
  /** The 503 when a process already holds its maximum of open streams. */
  tooManyStreams: 'Too many live connections on this server; retry shortly',
  /** An open edit form whose resource was changed by someone else. */
  changedUnderneath: (who: string) => `Changed by ${who} just now: review their version`,
} as const;
