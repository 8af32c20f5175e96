import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import {
  OVERVIEW_ACTIVITY_DAYS,
  OVERVIEW_PROBE_STRIP,
  overviewActivitySchema,
  overviewLatencySchema,
  overviewRequestsSchema,
  overviewRolloutsSchema,
  overviewScheduledSchema,
  overviewSlotsSchema,
} from '../../contract/overview-attention';
import { seedLargeData } from '../db/large-data';
import { describeApi } from '../test/api-harness';
import { countStatements } from '../test/count-statements';
import { sessionCookieFor, tenantMember } from '../test/sessions';
import {
  dayBefore,
  FAILING_PROBES,
  insertManyDeliveryRows,
  insertOverviewData,
  SLOT_FAILING,
  SLOT_HEALTHY,
  SLOT_UNHEALTHY,
} from './overview-test-data';

afterEach(() => {
  vi.restoreAllMocks();
});

const CARDS = [
  '/api/overview/requests',
  '/api/overview/scheduled',
  '/api/overview/rollouts',
  '/api/overview/slots',
  '/api/overview/activity',
  `/api/overview/slots/${SLOT_FAILING}/latency`,
];

describeApi(
  'overview summaries',
  (ctx) => {
    const read = async (url: string, cookie?: string) => {
      const res = await ctx().inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json<unknown>();
    };
    const owner = () => sessionCookieFor(ctx().db, tenantMember('ov', 'owner'));

    it('lists what waits for an administrator, oldest first, and their own requests by state', async () => {
      const body = overviewRequestsSchema.parse(await read('/api/overview/requests'));
      expect(body.waiting.items.map((r) => r.id)).toEqual(['ov-wait-1', 'ov-wait-2', 'ov-wait-platform']);
      expect(body.waiting.total).toBe(3);
      expect(body.waiting.items[0]).toMatchObject({
        environment: 'production',
        tenantName: expect.any(String),
      });
      expect(body.mine.items.map((r) => r.id)).toEqual(['ov-mine']);
      expect(body.mine.counts).toMatchObject({ pending: 1, failed: 1, applied: 0 });
    });

    it("shows a tenant's owner only that tenant's requests, never platform ones", async () => {
      const cookie = await owner();
      const body = overviewRequestsSchema.parse(await read('/api/overview/requests', cookie));
      // The administrator's own request waits for the tenant's owner.
      expect(body.waiting.items.map((r) => r.id)).toEqual(['ov-wait-1', 'ov-mine']);
      const scheduled = overviewScheduledSchema.parse(await read('/api/overview/scheduled', cookie));
      expect(scheduled.items.map((r) => r.id)).toEqual(['ov-soon']);
      const activity = overviewActivitySchema.parse(await read('/api/overview/activity', cookie));
      const today = activity.days.at(-1);
      expect(today).toMatchObject({ development: 0, failed: 1 });
    });

    it('lists the requests due in the next 24 hours, soonest first', async () => {
      const body = overviewScheduledSchema.parse(await read('/api/overview/scheduled'));
      expect(body.items.map((r) => r.id)).toEqual(['ov-soon-2', 'ov-soon']);
      expect(body.total).toBe(2);
    });

    it('lists rollouts in progress with their step and next step time', async () => {
      const body = overviewRolloutsSchema.parse(await read('/api/overview/rollouts'));
      expect(body.total).toBe(1);
      expect(body.items[0]).toMatchObject({
        resourceName: 'Checkout',
        environment: 'production',
        steps: [10, 50, 100],
        stepIndex: 1,
        trafficPercentage: 50,
        state: 'running',
        nextActionAt: expect.any(String),
      });
    });

    it('lists failing and unhealthy slots, production first, with their newest probes', async () => {
      const body = overviewSlotsSchema.parse(await read('/api/overview/slots'));
      expect(body.items.map((s) => s.id)).toEqual([SLOT_FAILING, SLOT_UNHEALTHY]);
      expect(body.items.map((s) => s.id)).not.toContain(SLOT_HEALTHY);
      const [failing, unhealthy] = body.items;
      expect(failing?.probes).toHaveLength(OVERVIEW_PROBE_STRIP);
      expect(failing?.probes.at(-1)).toMatchObject({
        ok: false,
        statusCode: 500,
        durationMs: 10 + FAILING_PROBES - 1,
      });
      expect(unhealthy).toMatchObject({ resourceType: 'capability', healthReason: 'HTTP 503', probes: [] });
      // The same for a member: slots belong to no tenant, as on Deployments.
      expect(overviewSlotsSchema.parse(await read('/api/overview/slots', await owner())).total).toBe(2);
    });

    it("answers one slot's latency series, oldest first, and 404 for an unknown slot", async () => {
      const body = overviewLatencySchema.parse(await read(`/api/overview/slots/${SLOT_FAILING}/latency`));
      expect(body.probes.map((p) => p.durationMs)).toEqual(
        Array.from({ length: FAILING_PROBES }, (_, i) => 10 + i),
      );
      expect((await ctx().get('/api/overview/slots/nope/latency')).statusCode).toBe(404);
    });

    it('counts applied requests per day by environment, failed and rolled back, over 30 days', async () => {
      const { days } = overviewActivitySchema.parse(await read('/api/overview/activity'));
      expect(days).toHaveLength(OVERVIEW_ACTIVITY_DAYS);
      expect(days.at(-1)?.day).toBe(dayBefore(0));
      const byDay = new Map(days.map((d) => [d.day, d]));
      expect(byDay.get(dayBefore(0))).toMatchObject({ development: 1, failed: 1 });
      expect(byDay.get(dayBefore(1))).toMatchObject({ production: 1 });
      // The revert event was written now: today's.
      expect(byDay.get(dayBefore(0))?.rolledBack).toBe(1);
      const total = days.reduce((sum, d) => sum + d.development + d.uat + d.production, 0);
      expect(total).toBe(2);
    });

    it('runs on PostgreSQL without JIT compilation (it cost seconds per Waiting-for-me read)', async () => {
      const { kind, db } = ctx();
      if (kind !== 'postgres') return;
      const [row] = await db
        .select({ jit: sql<string>`current_setting('jit')` })
        .from(sql`(values (1)) as one`);
      expect(row?.jit).toBe('off');
    });

    it('refuses the signed-out', async () => {
      for (const url of CARDS) {
        const res = await ctx().app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('runs the same statements with 10,000 more rows of each kind', async () => {
      const { kind, db } = ctx();
      const statements = async () => {
        const counts: Record<string, number> = {};
        for (const url of CARDS) {
          const count = countStatements(kind, db);
          await read(url);
          counts[url] = count();
          vi.restoreAllMocks();
        }
        return counts;
      };
      const small = await statements();
      await seedLargeData(db, {
        tenants: 10_000,
        users: 10_000,
        capabilities: 10,
        configurationVersions: 10,
        auditEvents: 10,
        changeRequests: 10_000,
      });
      await insertManyDeliveryRows(db, 10_000);
      const large = await statements();
      expect(large).toEqual(small);
      const slots = overviewSlotsSchema.parse(await read('/api/overview/slots'));
      expect(slots.total).toBe(10_002);
      expect(overviewRolloutsSchema.parse(await read('/api/overview/rollouts')).total).toBe(10_001);
    }, 240_000);
  },
  insertOverviewData,
);
