import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { ESTIMATE_THRESHOLD, largeTableEstimate } from '../db/totals';
import { describeApi } from '../test/api-harness';

/*
 * Totals (docs/lists.md): an unfiltered list over a table of ESTIMATE_THRESHOLD rows or more answers
 * the planner's estimate, flagged; a filtered list, `?exactTotal=true`, a short page and a table the
 * planner knows nothing of yet answer an exact count.
 */
const EVENTS = ESTIMATE_THRESHOLD + 2_000;

async function seed(db: Database): Promise<void> {
  await db.execute(sql`
    insert into audit_events (id, action, resource_type, created_at)
    select 'event-' || g, 'tenant.update', case when g % 100 = 0 then 'user' else 'tenant' end,
      timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
    from generate_series(1, ${EVENTS}) g`);
}

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
      await ctx().db.execute(sql`analyze audit_events`);
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
  },
  seed,
);
