import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../contract/errors';
import type { WebhookKind } from '../../contract/webhooks';
import type { BreakerState } from '../db/breaker';
import type { PoolStats } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: main.ts serves them on METRICS_PORT and feeds them the scheduler. */
    metrics: AppMetrics;
  }
}

/** Latency buckets in seconds: from a cached read to the 17 s a silent database can take to fail. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/** What the scheduler gauge reads: when the change scheduler last finished a pass, and when it started. */
export interface SchedulerProgress {
  startedAt: Date;
  lastPassCompletedAt(): Date | undefined;
}

/** What the metrics read of the database circuit breaker. */
interface BreakerView {
  readonly state: BreakerState;
  readonly opened: number;
}

const BREAKER_STATE_VALUES: Record<BreakerState, number> = { closed: 0, open: 1, 'half-open': 2 };

/**
 * One Prometheus registry per app instance (never prom-client's global one): tests build several apps
 * in one process, and each must count only its own requests.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [this.registry],
  });

  constructor(options: { poolStats?: () => PoolStats; breaker?: BreakerView }) {
    collectDefaultMetrics({ register: this.registry });
    if (options.poolStats) this.watchPool(options.poolStats);
    if (options.breaker) this.watchBreaker(options.breaker);
  }

  /** The database circuit breaker: its state (alert on open) and how often it opened. */
  private watchBreaker(breaker: BreakerView): void {
    new Gauge({
      name: 'db_breaker_state',
      help: 'Database circuit breaker: 0 closed, 1 open (requests refused with 503), 2 half-open',
      registers: [this.registry],
      collect() {
        this.set(BREAKER_STATE_VALUES[breaker.state]);
      },
    });
    let counted = 0;
    new Counter({
      name: 'db_breaker_opened_total',
      help: 'Times the database circuit breaker opened (the database was found unreachable)',
      registers: [this.registry],
      collect() {
        this.inc(breaker.opened - counted);
        counted = breaker.opened;
      },
    });
  }

  /** PostgreSQL pool gauges, read at scrape time. */
  private watchPool(read: () => PoolStats): void {
    const gauge = (name: string, help: string, value: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(value(read()));
        },
      });
    gauge('db_pool_max_connections', 'Connections the pool may open (DATABASE_POOL_SIZE)', (s) => s.max);
    gauge('db_pool_connections', 'Connections open, idle or in use', (s) => s.total);
    gauge('db_pool_connections_in_use', 'Connections checked out by a request', (s) => s.total - s.idle);
    gauge('db_pool_connections_idle', 'Connections open and waiting in the pool', (s) => s.idle);
    gauge('db_pool_waiting_requests', 'Requests waiting for a free connection', (s) => s.waiting);
  }

  /** Seconds since the change scheduler last completed a pass (since its start, before the first one). */
  watchScheduler(progress: SchedulerProgress): void {
    this.watchLag(
      'change_scheduler_lag_seconds',
      'Seconds since the change scheduler last completed a pass',
      progress,
    );
  }

  /** The health prober's lag: a prober that stops passing leaves slot health stale (docs/health-checks.md). */
  watchProber(progress: SchedulerProgress): void {
    this.watchLag(
      'health_prober_lag_seconds',
      'Seconds since the health prober last completed a pass',
      progress,
    );
  }

  private watchLag(name: string, help: string, progress: SchedulerProgress): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        const last = progress.lastPassCompletedAt() ?? progress.startedAt;
        this.set((Date.now() - last.getTime()) / 1000);
      },
    });
  }

  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by this process, by subscription kind and result (delivered: a 2xx answer)',
    labelNames: ['kind', 'result'] as const,
    registers: [this.registry],
  });
  readonly webhookLag = new Histogram({
    name: 'webhook_delivery_lag_seconds',
    help: 'From an event committed to its webhook delivered (retries included), by subscription kind',
    labelNames: ['kind'] as const,
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400],
    registers: [this.registry],
  });

  /** One webhook delivery attempt (docs/webhooks.md, "Metrics"). */
  observeWebhook(attempt: { kind: WebhookKind; ok: boolean; lagSeconds: number }): void {
    this.webhookDeliveries.inc({ kind: attempt.kind, result: attempt.ok ? 'delivered' : 'failed' });
    if (attempt.ok) this.webhookLag.observe({ kind: attempt.kind }, attempt.lagSeconds);
  }

  /** The metrics in the Prometheus text format, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * The route label: the route's template (`/api/tenants/:tenantId`), never the raw URL, so the number of
 * series stays bounded. Hashed client files share one label, since each deploy brings new names.
 */
export function routeLabel(request: FastifyRequest): string {
  const template = request.routeOptions.url;
  if (template === undefined) return 'unmatched';
  return template.startsWith('/assets/') ? '/assets/*' : template;
}

export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Times every request and counts those in flight. Registered first, before the guard, so a request the
 * guard refuses is counted too. `/metrics` on the public port answers 404: the metrics have a listener
 * of their own (METRICS_PORT), reachable only where the operator binds it.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.decorate('metrics', metrics);
  const counted = new WeakSet<FastifyRequest>();
  const done = (request: FastifyRequest) => {
    if (counted.delete(request)) metrics.inFlight.dec();
  };
  // Callback hooks, not async ones: these run on every request, and an async hook costs a promise and
  // two microtask turns for work that never waits.
  app.addHook('onRequest', (request, _reply, next) => {
    counted.add(request);
    metrics.inFlight.inc();
    next();
  });
  app.addHook('onRequestAbort', (request, next) => {
    done(request);
    next();
  });
  app.addHook('onResponse', (request, reply, next) => {
    done(request);
    metrics.requestDuration.observe(
      { method: request.method, route: routeLabel(request), status_class: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    next();
  });
  app.get('/metrics', (_request, reply) => {
    const body: ErrorBody = { message: 'Route GET /metrics not found', code: 'NOT_FOUND' };
    return reply.status(404).send(body);
  });
}
