import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { ESTIMATE_REUSE_MS, ESTIMATE_THRESHOLD, forgetTableReadings, largeTableEstimate } from '../db/totals';
import { describeApi } from '../test/api-harness';

/*
 * Totals (docs/lists.md): an unfiltered list over a table of ESTIMATE_THRESHOLD rows or more answers
 * the planner's estimate, flagged; a filtered list, `?exactTotal=true`, a short page and a table the
 * planner knows nothing of yet answer an exact count.
 */
const EVENTS = ESTIMATE_THRESHOLD + 2_000;

/** ANALYZE, and the server's earlier reading of the table forgotten: it would answer for ESTIMATE_REUSE_MS. */
async function analyse(db: Database): Promise<void> {
  await db.execute(sql`analyze audit_events`);
  forgetTableReadings(db);
}

async function seed(db: Database): Promise<void> {
  await db.execute(sql`
    insert into audit_events (id, action, resource_type, created_at)
    select 'event-' || g, 'tenant.update', case when g % 100 = 0 then 'user' else 'tenant' end,
      timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
    from generate_series(1, ${EVENTS}) g`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describeApi(
  'list totals',
  (ctx) => {
    const get = (url: string) => ctx().get(url);

    it('counts exactly while the planner has no statistics for the table', async () => {
      // Before the first ANALYZE the planner's reltuples is -1 ("unknown"); PostgreSQL's autovacuum may
      // have analysed the table meanwhile, and then there is nothing to check here.
      if ((await largeTableEstimate(ctx().db, auditEvents)) !== undefined) return;
      const res = await get('/api/audit-events?limit=5');
      expect(res.headers['x-total-is-estimate']).toBeUndefined();
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(EVENTS);
    });

    it('estimates a large unfiltered total, counts when asked, filtered, or on a short page', async () => {
      await analyse(ctx().db);
      const exact = Number((await get('/api/audit-events?limit=5&exactTotal=true')).headers['x-total-count']);
      expect(exact).toBeGreaterThanOrEqual(EVENTS);

      const estimated = await get('/api/audit-events?limit=5');
      expect(estimated.headers['x-total-is-estimate']).toBe('true');
      const estimate = Number(estimated.headers['x-total-count']);
      expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.1);

      const byCursor = await get(
        `/api/audit-events?limit=5&cursor=${String(estimated.headers['x-next-cursor'])}`,
      );
      expect(byCursor.headers['x-total-is-estimate']).toBe('true');

      const asked = await get('/api/audit-events?limit=5&exactTotal=true');
      expect(asked.headers['x-total-is-estimate']).toBeUndefined();

      const filtered = await get('/api/audit-events?limit=5&resourceType=user');
      expect(filtered.headers['x-total-is-estimate']).toBeUndefined();
      expect(filtered.headers['x-total-count']).toBe(String(EVENTS / 100));

      const lastPage = await get(`/api/audit-events?limit=50&offset=${exact - 3}`);
      expect(lastPage.headers['x-total-is-estimate']).toBeUndefined();
      expect(lastPage.headers['x-total-count']).toBe(String(exact));

      const pastTheEnd = await get(`/api/audit-events?limit=50&offset=${exact + 100}`);
      expect(pastTheEnd.headers['x-total-is-estimate']).toBeUndefined();
      expect(pastTheEnd.headers['x-total-count']).toBe(String(exact));
    });

    it('reuses a reading until ESTIMATE_REUSE_MS have passed, then reads the statistics again', async () => {
      const db = ctx().db;
      await analyse(db);
      const first = await largeTableEstimate(db, auditEvents);
      expect(first).toBeGreaterThanOrEqual(ESTIMATE_THRESHOLD);
      // The statistics move (here: the table is declared twice as large); within the window the list
      // still answers the estimate it read, which is what skipping the read means.
      const twice = (first ?? 0) * 2;
      await db.execute(sql`update pg_class set reltuples = ${twice} where oid = 'audit_events'::regclass`);
      expect(await largeTableEstimate(db, auditEvents)).toBe(first);
      // The clock moved past the window for this one read only: the app's other timers keep the real one.
      const later = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + ESTIMATE_REUSE_MS + 1);
      const reread = await largeTableEstimate(db, auditEvents).finally(() => later.mockRestore());
      expect(reread).toBe(twice);
      await analyse(db);
    });
  },
  seed,
);
