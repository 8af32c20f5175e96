import { gunzipSync } from 'node:zlib';
import { asc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/events';
import { openDatabase } from '../db/client';
import { latestSeq } from '../events/audit-feed-rows';
import { SseClient } from '../test/sse-client';
import { auditEvents, auditExports, auditRetention, emailOutbox, webhookSubscriptions } from '../db/schema';
import { migrationsFolder } from '../paths';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { newWebhookSecret } from '../webhooks/signing';
import { runRetentionPass } from './purge';

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describeApi(
  'audit retention',
  (ctx) => {
    /** 40 events 100 days old and 10 of 5 days ago, committed in that order (seq). */
    async function seedTrail() {
      const { db } = ctx();
      await db.delete(auditEvents);
      await db.delete(auditExports);
      await db.delete(webhookSubscriptions);
      await db.delete(emailOutbox);
      await db.delete(auditRetention);
      for (const [age, n] of [
        [100, 40],
        [5, 10],
      ] as const) {
        await db.insert(auditEvents).values(
          Array.from({ length: n }, (_, i) => ({
            action: 'tenant.update',
            resourceType: 'tenant',
            resourceId: `tenant-${i}`,
            changes: JSON.stringify({ n: i, age }),
            createdAt: daysAgo(age),
          })),
        );
      }
      await db.insert(auditRetention).values({ days: 30, nextRunAt: daysAgo(1) });
    }
    const rowsAsStored = async () =>
      ctx()
        .db.select({
          id: auditEvents.id,
          seq: auditEvents.seq,
          createdAt: auditEvents.createdAt,
          line: sql<string>`row_to_json(${auditEvents})::text`,
        })
        .from(auditEvents)
        .where(ne(auditEvents.action, 'audit.purge'))
        .orderBy(asc(auditEvents.seq));

    beforeEach(seedTrail);

    it('exports the older events, then purges exactly them; the export holds each row as stored', async () => {
      const before = await rowsAsStored();
      const older = before.filter((row) => row.createdAt < daysAgo(30));
      expect(older).toHaveLength(40);
      expect(await runRetentionPass(ctx().db, now)).toBe(40);

      const after = await rowsAsStored();
      expect(after.map((row) => row.id)).toEqual(
        before.filter((row) => row.createdAt >= daysAgo(30)).map((row) => row.id),
      );
      const [exported, ...others] = await ctx().db.select().from(auditExports);
      expect(others).toEqual([]);
      const lines = gunzipSync(exported?.content ?? Buffer.alloc(0))
        .toString('utf8')
        .split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toEqual(older.map((row) => row.line));
      expect(exported).toMatchObject({
        reason: 'retention',
        eventCount: 40,
        fromSeq: older[0]?.seq,
        toSeq: older.at(-1)?.seq,
      });
      // The purge is on the trail itself, naming its export.
      const purges = await ctx().db.select().from(auditEvents).where(eq(auditEvents.action, 'audit.purge'));
      expect(purges.map((event) => event.resourceId)).toEqual([exported?.id]);
      // A second pass within the hour does nothing: the run is not due again.
      expect(await runRetentionPass(ctx().db, now)).toBe(0);
    });

    it('never purges past the lowest cursor of the enabled webhook subscriptions', async () => {
      const before = await rowsAsStored();
      const holdAt = before[24]?.seq ?? 0;
      await ctx()
        .db.insert(webhookSubscriptions)
        .values([
          {
            id: 'hook-hold',
            ownerId: 'user-1',
            url: 'https://example.com/a',
            eventTypes: ['*'],
            secret: newWebhookSecret(),
            cursor: holdAt,
          },
          // Disabled: holds nothing back (docs/audit-retention.md).
          {
            id: 'hook-off',
            ownerId: 'user-1',
            url: 'https://example.com/b',
            eventTypes: ['*'],
            secret: newWebhookSecret(),
            cursor: 0,
            enabled: false,
          },
        ]);
      expect(await runRetentionPass(ctx().db, now)).toBe(25);
      const kept = await rowsAsStored();
      expect(kept.map((row) => row.id)).toEqual(before.slice(25).map((row) => row.id));
      // Once delivery moves on, the next run purges the rest.
      const [end] = await ctx()
        .db.select({ seq: max(auditEvents.seq) })
        .from(auditEvents);
      await ctx()
        .db.update(webhookSubscriptions)
        .set({ cursor: end?.seq ?? 0 })
        .where(eq(webhookSubscriptions.id, 'hook-hold'));
      expect(await runRetentionPass(ctx().db, new Date(now.getTime() + 3601_000))).toBe(15);
      expect(await ctx().db.$count(auditExports)).toBe(2);
    });

    it('never purges past the mailer while a process sends e-mail; a mailer gone for a day holds nothing', async () => {
      const before = await rowsAsStored();
      const holdAt = before[29]?.seq ?? 0;
      await ctx().db.insert(emailOutbox).values({ cursor: holdAt });
      expect(await runRetentionPass(ctx().db, now)).toBe(30);
      expect((await rowsAsStored()).map((row) => row.id)).toEqual(before.slice(30).map((row) => row.id));
      // No process has moved the mailer's row for over a day: e-mail is off, and it no longer holds.
      await ctx()
        .db.update(emailOutbox)
        .set({ nextAttemptAt: daysAgo(2) });
      expect(await runRetentionPass(ctx().db, new Date(now.getTime() + 3601_000))).toBe(10);
    });

    it('runs once when two processes look at the same moment', async () => {
      const { database } = ctx();
      const second = database.url
        ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }, migrationsFolder())
        : database.handle;
      try {
        const purged = await Promise.all([runRetentionPass(ctx().db, now), runRetentionPass(second.db, now)]);
        expect(purged.sort((a, b) => a - b)).toEqual([0, 40]);
        expect(await ctx().db.$count(auditExports)).toBe(1);
      } finally {
        if (second !== database.handle) await second.close();
      }
    });

    it('has the live stream say the gap to a client resuming from a purged event', async () => {
      const purgedSeq = (await rowsAsStored())[0]?.seq ?? 0;
      expect(await runRetentionPass(ctx().db, now)).toBe(40);
      const base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const client = new SseClient(`${base}${LIVE_EVENTS_PATH}`, {
        cookie: ctx().adminCookie,
        'last-event-id': String(purgedSeq),
      });
      try {
        const reset = await client.next((frame) => frame.event === 'reset');
        expect(reset.id).toBe(String(await latestSeq(ctx().db)));
        expect(client.changes()).toEqual([]);
      } finally {
        client.close();
      }
    });

    it('keeps everything while retention is forever', async () => {
      await ctx().db.update(auditRetention).set({ days: null });
      expect(await runRetentionPass(ctx().db, now)).toBe(0);
      expect(await ctx().db.$count(auditExports)).toBe(0);
      expect(await ctx().db.$count(auditEvents)).toBe(50);
    });
  },
  insertFixtures,
);

describeApi(
  'audit retention API',
  (ctx) => {
    it('answers keep forever by default, saves under If-Match, and audits the change', async () => {
      const first = await ctx().get('/api/audit-retention');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ days: null, revision: 0 });
      const saved = await ctx().inject({
        method: 'PUT',
        url: '/api/audit-retention',
        headers: { 'if-match': '"0"' },
        payload: { days: 90 },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.headers.etag).toBe('"1"');
      expect(saved.json()).toMatchObject({ days: 90, revision: 1, updatedBy: 'test-admin@example.com' });
      const stale = await ctx().inject({
        method: 'PUT',
        url: '/api/audit-retention',
        headers: { 'if-match': '"0"' },
        payload: { days: null },
      });
      expect(stale.statusCode).toBe(412);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'audit.retention.update'));
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        before: { days: null },
        after: { days: 90, revision: 1 },
      });
    });

    it.each([0, 3651, 1.5, '30', -1, undefined])(
      'refuses days %s with 400 naming body.days',
      async (days) => {
        const res = await ctx().inject({ method: 'PUT', url: '/api/audit-retention', payload: { days } });
        expect(res.statusCode).toBe(400);
        expect(JSON.stringify(res.json())).toContain('body.days');
      },
    );

    it('exports a time range now, purging nothing, lists it and downloads it as .jsonl.gz', async () => {
      const events = await ctx().db.$count(auditEvents);
      const from = daysAgo(1);
      const to = new Date(Date.now() + 60_000).toISOString();
      const made = await ctx().inject({ method: 'POST', url: '/api/audit-exports', payload: { from, to } });
      expect(made.statusCode).toBe(201);
      const item = made.json<{ id: string; eventCount: number; fromSeq: number; toSeq: number }>();
      expect(item.eventCount).toBe(events);
      expect(await ctx().db.$count(auditEvents)).toBe(events + 1);

      const list = await ctx().get('/api/audit-exports?limit=5');
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json()).toMatchObject([
        { id: item.id, reason: 'manual', createdBy: 'test-admin@example.com' },
      ]);
      const download = await ctx().get(`/api/audit-exports/${item.id}/download`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="audit-${item.fromSeq}-${item.toSeq}.jsonl.gz"`,
      );
      const lines = gunzipSync(download.rawPayload).toString('utf8').trim().split('\n');
      expect(lines).toHaveLength(events);
      const ids = lines.map((line) => (JSON.parse(line) as { id: string }).id);
      expect(await ctx().db.$count(auditEvents, inArray(auditEvents.id, ids))).toBe(events);

      expect((await ctx().get('/api/audit-exports/nope/download')).statusCode).toBe(404);
      const backwards = await ctx().inject({
        method: 'POST',
        url: '/api/audit-exports',
        payload: { from: to, to: from },
      });
      expect(backwards.statusCode).toBe(400);
      expect(JSON.stringify(backwards.json())).toContain('body.to');
      const empty = await ctx().inject({
        method: 'POST',
        url: '/api/audit-exports',
        payload: { from: '2001-01-01T00:00:00Z', to: '2001-01-02T00:00:00Z' },
      });
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json())).toContain('body.from');
    });
  },
  insertFixtures,
);
