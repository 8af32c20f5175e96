import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { startChangeScheduler } from '../changes/scheduler';
import { describeApi } from '../test/api-harness';
import { openTestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { AppMetrics } from './metrics';
import { startMetricsServer } from './metrics-server';

const text = async (metrics: AppMetrics) => (await metrics.exposition()).body;

describeApi(
  'metrics',
  (ctx) => {
    it('times a request under its route template and status class, never its raw URL', async () => {
      expect((await ctx().get('/api/tenants/tenant-001')).statusCode).toBe(200);
      expect((await ctx().get('/api/tenants/tenant-404')).statusCode).toBe(404);
      const body = await text(ctx().app.metrics);
      expect(body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/tenants\/:tenantId",status_class="2xx"\} 1\n/,
      );
      expect(body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/tenants\/:tenantId",status_class="4xx"\} 1\n/,
      );
      expect(body).toMatch(
        /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/tenants\/:tenantId",status_class="2xx"\} \d/,
      );
      expect(body).not.toContain('tenant-001');
      expect(body).toMatch(/^http_requests_in_flight 0$/m);
    });

    it('labels a path no route matches as unmatched', async () => {
      await ctx().get('/api/no-such-thing/123');
      expect(await text(ctx().app.metrics)).toMatch(/route="unmatched",status_class="4xx"/);
      expect(await text(ctx().app.metrics)).not.toContain('no-such-thing');
    });

    it('reports the connection pool on PostgreSQL, and the process', async () => {
      const body = await text(ctx().app.metrics);
      if (ctx().kind === 'postgres') {
        // Background reads at start (the live feed's catch-up) may hold a connection for a moment: read
        // again until the pool has settled.
        await vi.waitFor(async () => {
          const settled = await text(ctx().app.metrics);
          expect(settled).toMatch(/^db_pool_max_connections 10$/m);
          expect(settled).toMatch(/^db_pool_connections_in_use 0$/m);
          expect(settled).toMatch(/^db_pool_waiting_requests 0$/m);
          expect(settled).toMatch(/^db_pool_connections [1-9]\d*$/m);
        });
      } else {
        expect(body).not.toContain('db_pool_');
      }
      expect(body).toContain('process_resident_memory_bytes');
      expect(body).toContain('nodejs_eventloop_lag_p99_seconds');
    });

    it('reports how long ago the change scheduler completed a pass', async () => {
      const scheduler = startChangeScheduler(ctx().db, { intervalMs: 20, onError: () => undefined });
      try {
        const metrics = new AppMetrics({});
        metrics.watchScheduler(scheduler);
        await vi.waitFor(() => expect(scheduler.lastPassCompletedAt()).toBeDefined(), { timeout: 10_000 });
        const lag = /^change_scheduler_lag_seconds (\S+)$/m.exec(await text(metrics))?.[1];
        expect(Number(lag)).toBeGreaterThanOrEqual(0);
      } finally {
        await scheduler.stop();
      }
    });

    it('answers 404 for /metrics on the public port', async () => {
      const res = await ctx().get('/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    });
  },
  insertFixtures,
);

describe('metrics listener', () => {
  it('counts a request in flight until it is answered, and serves the text format on its own port', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ database: database.handle });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow-probe', async () => {
      await held;
      return { ok: true };
    });
    const server = await startMetricsServer(app.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const pending = app.inject('/slow-probe');
      await vi.waitFor(async () => expect(await text(app.metrics)).toMatch(/^http_requests_in_flight 1$/m));
      release();
      expect((await pending).statusCode).toBe(200);

      const scrape = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const body = await scrape.text();
      expect(body).toMatch(/^http_requests_in_flight 0$/m);
      expect(body).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/slow-probe",status_class="2xx"\} 1/,
      );
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
      await app.close();
      await database.dispose();
    }
  });

  it('keeps the series of two apps apart', async () => {
    const one = new AppMetrics({});
    const two = new AppMetrics({});
    one.inFlight.inc();
    expect(await text(one)).toMatch(/^http_requests_in_flight 1$/m);
    expect(await text(two)).toMatch(/^http_requests_in_flight 0$/m);
  });

  it('measures scheduler lag from its start until a first pass completes', async () => {
    const metrics = new AppMetrics({});
    metrics.watchScheduler({
      startedAt: new Date(Date.now() - 90_000),
      lastPassCompletedAt: () => undefined,
    });
    const lag = Number(/^change_scheduler_lag_seconds (\S+)$/m.exec(await text(metrics))?.[1]);
    expect(lag).toBeGreaterThanOrEqual(90);
  });

  it("measures the health prober's lag from its last completed pass", async () => {
    const metrics = new AppMetrics({});
    metrics.watchProber({
      startedAt: new Date(Date.now() - 600_000),
      lastPassCompletedAt: () => new Date(Date.now() - 30_000),
    });
    const lag = Number(/^health_prober_lag_seconds (\S+)$/m.exec(await text(metrics))?.[1]);
    expect(lag).toBeGreaterThanOrEqual(30);
    expect(lag).toBeLessThan(600);
  });
});
