import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { LIVE_EVENTS_PATH, LIVE_MESSAGES } from '../../contract/events';
import type { ZodApp } from '../http/zod-app';
import { requireViewer, type Reauthenticate } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { AppError, badRequest } from '../errors';
import { propertyOf } from '../unknown';
import type { LiveFeed } from './feed';
import { SseWriter } from './sse';
import { LiveStream } from './stream';
import { openResourceTypes } from './visibility';

export interface LiveLimits {
  /** Open streams one process holds at most (LIVE_STREAMS_MAX); more are refused with 503. */
  maxStreams: number;
  heartbeatMs: number;
  /** Unsent bytes past which a stream's client counts as too slow and is dropped. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  maxStreams: 1_000,
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
};

/** How long a refused client waits before trying again. */
const RETRY_AFTER_SECONDS = 5;
/** A seq is a bigint, but ids beyond what a double holds exactly never come from this server. */
const SEQ = /^\d{1,15}$/;

/** The client's resume point: the Last-Event-ID header, or `?lastEventId=` for clients that cannot set it. */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const fromQuery = propertyOf(request.query, 'lastEventId');
  const [field, value] =
    header !== undefined ? ['headers.last-event-id', header] : ['query.lastEventId', fromQuery];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !SEQ.test(value)) {
    const message = 'Must be the id of a live event (a decimal number)';
    throw badRequest(`Invalid ${field}: ${message}`, [{ path: field, message }]);
  }
  return Number(value);
}

/** Headers set on the reply so far (security headers), minus those the stream sets itself. */
function inheritedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (['content-type', 'content-length', 'cache-control'].includes(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

interface LiveEventDeps {
  db: Database;
  feed: LiveFeed;
  reauthenticate: Reauthenticate;
  limits: LiveLimits;
}

/** The streams' gauges and counters; returns the counter of viewer reads the streams increment. */
function liveEventMetrics(app: ZodApp, open: ReadonlySet<LiveStream>): Counter<'reason'> {
  new Gauge({
    name: 'live_event_streams_open',
    help: 'Live event streams (GET /api/events) open on this process',
    registers: [app.metrics.registry],
    collect() {
      this.set(open.size);
    },
  });
  // What the streams cost the database beyond their events: one read of a viewer each (docs/live-updates.md).
  return new Counter({
    name: 'live_event_viewer_reads_total',
    help: 'Viewers of open live event streams read again, by reason (an event that may concern them, a heartbeat)',
    labelNames: ['reason'] as const,
    registers: [app.metrics.registry],
  });
}

/** GET /api/events: the Server-Sent Events stream of the live console (docs/live-updates.md). */
export function liveEventRoutes(app: ZodApp, deps: LiveEventDeps): void {
  const open = new Set<LiveStream>();
  const viewerReads = liveEventMetrics(app, open);
  let openTypes: Set<string> | undefined;
  app.addHook('onReady', async () => {
    openTypes = openResourceTypes(app.routeTable);
  });
  // Before the server waits for its connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close('server closing');
  });

  app.get(
    LIVE_EVENTS_PATH,
    { config: { permission: signedIn }, schema: { hide: true } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const lastEventId = lastEventIdOf(request);
      if (open.size >= deps.limits.maxStreams) {
        throw new AppError('SERVICE_UNAVAILABLE', LIVE_MESSAGES.tooManyStreams, undefined, {
          'retry-after': String(RETRY_AFTER_SECONDS),
        });
      }
      // The stream bypasses serialisation and compression: it writes its frames to the socket itself.
      void reply.hijack();
      const sse = new SseWriter(reply.raw, deps.limits.maxBufferedBytes);
      sse.open(inheritedHeaders(reply));
      const stream = new LiveStream(request, viewer, sse, {
        db: deps.db,
        feed: deps.feed,
        reauthenticate: deps.reauthenticate,
        viewerReads,
        openTypes: openTypes ?? openResourceTypes(app.routeTable),
        heartbeatMs: deps.limits.heartbeatMs,
        log: request.log,
      });
      sse.onEnd((reason) => {
        request.log.debug({ reason }, 'live events: stream ended');
        stream.stop();
        open.delete(stream);
      });
      if (!sse.isOpen) return;
      open.add(stream);
      try {
        await stream.start(lastEventId);
      } catch (error) {
        request.log.warn({ err: error }, 'live events: stream could not start');
        sse.end('failed to start');
      }
    },
  );
}
