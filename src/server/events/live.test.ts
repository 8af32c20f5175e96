import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, liveEventSchema, type LiveEvent } from '../../contract/events';
import { apiTokens, auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor } from '../test/sessions';
import { SseClient } from '../test/sse-client';
import { latestSeq } from './audit-feed-rows';

const MEMBER_A = { id: 'live-a', email: 'a@live.test', roles: { 'tenant-001': 'member' } };
const MEMBER_B = { id: 'live-b', email: 'b@live.test', roles: { 'tenant-002': 'member' } };

describeApi(
  'live events',
  (ctx) => {
    let base = '';
    const clients: SseClient[] = [];
    beforeAll(async () => {
      base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.close();
    });

    const open = (headers: Record<string, string>, query = '') => {
      const client = new SseClient(`${base}${LIVE_EVENTS_PATH}${query}`, headers);
      clients.push(client);
      return client;
    };
    const ready = async (client: SseClient) => {
      const frame = await client.next((f) => f.event === 'ready');
      return JSON.parse(frame.data ?? '{}') as { lastEventId: string };
    };
    const editTenant = async (tenantId: string, description: string) => {
      const res = await ctx().inject({
        method: 'PATCH',
        url: `/api/tenants/${tenantId}`,
        payload: { description },
      });
      expect(res.statusCode).toBe(200);
    };
    const change = (client: SseClient, accept: (e: LiveEvent) => boolean) =>
      client.next((f) => f.event === 'change' && accept(liveEventSchema.parse(JSON.parse(f.data ?? ''))));

    it('opens with ready, as an uncompressed, unbuffered event stream', async () => {
      const client = open({ cookie: ctx().adminCookie, 'accept-encoding': 'gzip, br' });
      const { lastEventId } = await ready(client);
      expect(lastEventId).toBe(String(await latestSeq(ctx().db)));
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(client.headers['content-encoding']).toBeUndefined();
      expect(client.headers['x-accel-buffering']).toBe('no');
      expect(client.headers['cache-control']).toMatch(/no-cache/);
      await editTenant('tenant-001', 'live one');
      const frame = await client.next((f) => f.event === 'change');
      const event = liveEventSchema.parse(JSON.parse(frame.data ?? ''));
      expect(frame.id).toBe(event.id);
      expect(event).toMatchObject({
        action: 'tenant.update',
        resourceType: 'tenant',
        resourceId: 'tenant-001',
        tenantId: 'tenant-001',
        actor: { email: 'test-admin@example.com' },
      });
      expect(typeof event.revision).toBe('number');
      // Heartbeats keep proxies from timing the stream out.
      await client.next((f) => f.event === 'comment');
    });

    it('refuses anonymous callers and a malformed Last-Event-ID, naming the field', async () => {
      const anonymous = open({});
      await anonymous.ended;
      expect(anonymous.status).toBe(401);
      const badHeader = open({ cookie: ctx().adminCookie, 'last-event-id': 'abc' });
      await badHeader.ended;
      expect(badHeader.status).toBe(400);
      expect(badHeader.body).toContain('headers.last-event-id');
      const badQuery = open({ cookie: ctx().adminCookie }, '?lastEventId=-4');
      await badQuery.ended;
      expect(badQuery.status).toBe(400);
      expect(badQuery.body).toContain('query.lastEventId');
    });

    it("gives a tenant's events to its members and administrators only", async () => {
      const admin = open({ cookie: ctx().adminCookie });
      const a = open({ cookie: await sessionCookieFor(ctx().db, MEMBER_A) });
      const b = open({ cookie: await sessionCookieFor(ctx().db, MEMBER_B) });
      await Promise.all([ready(admin), ready(a), ready(b)]);
      await editTenant('tenant-002', 'for B');
      await editTenant('tenant-001', 'for A');
      // Events arrive in commit order: once A has tenant-001's, B's earlier one would have come first.
      await change(a, (e) => e.tenantId === 'tenant-001');
      await change(b, (e) => e.tenantId === 'tenant-002');
      await change(admin, (e) => e.tenantId === 'tenant-001');
      expect(a.changes().map((e) => e.tenantId)).toEqual(['tenant-001']);
      expect(b.changes().map((e) => e.tenantId)).toEqual(['tenant-002']);
      expect(admin.changes().map((e) => e.tenantId)).toEqual(['tenant-002', 'tenant-001']);
    });

    it('gives events without a tenant to everyone only for types every member may read', async () => {
      const a = open({ cookie: await sessionCookieFor(ctx().db, MEMBER_A) });
      await ready(a);
      const user = await ctx().inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Someone Else', email: 'someone-else@live.test' },
      });
      expect(user.statusCode).toBe(201);
      const capability = await ctx().inject({
        method: 'POST',
        url: '/api/capabilities',
        payload: { name: 'Live capability' },
      });
      expect(capability.statusCode).toBe(201);
      // A request of the platform (no tenant): its read route is open, but only administrators read it.
      const platformRequest = await ctx().inject({
        method: 'POST',
        url: '/api/change-requests',
        payload: {
          change: {
            kind: 'approval_policy.set',
            tenantId: null,
            body: { requiredApprovals: { development: 0, uat: 1, production: 2 } },
          },
        },
      });
      expect(platformRequest.statusCode, platformRequest.body).toBe(201);
      const later = await ctx().inject({
        method: 'POST',
        url: '/api/capabilities',
        payload: { name: 'Live capability 2' },
      });
      const laterId = (later.json() as { id: string }).id;
      await change(a, (e) => e.resourceId === laterId);
      // In commit order the user event came first: a member never gets another user's event, nor the
      // platform's change request.
      expect(a.changes<LiveEvent>().map((e) => e.resourceType)).toEqual(['capability', 'capability']);
    });

    it('replays exactly the events missed since Last-Event-ID, then goes on live', async () => {
      const first = open({ cookie: ctx().adminCookie });
      const { lastEventId } = await ready(first);
      first.close();
      await editTenant('tenant-001', 'missed 1');
      await editTenant('tenant-002', 'missed 2');
      await editTenant('tenant-001', 'missed 3');
      const missedSince = async () =>
        (await ctx().db.select({ seq: auditEvents.seq }).from(auditEvents))
          .flatMap((e) => (e.seq !== null && e.seq > Number(lastEventId) ? [e.seq] : []))
          .sort((x, y) => x - y)
          .map(String);
      expect(await missedSince()).toHaveLength(3);
      // Once by header, once by query (the second also misses the live edit the first made).
      const variants: Record<string, string>[] = [{ 'last-event-id': lastEventId }, {}];
      for (const headers of variants) {
        const expected = await missedSince();
        const query = 'last-event-id' in headers ? '' : `?lastEventId=${lastEventId}`;
        const resumed = open({ cookie: ctx().adminCookie, ...headers }, query);
        await resumed.until(() => resumed.changes().length >= expected.length);
        expect(resumed.changes().map((e) => e.id)).toEqual(expected);
        await editTenant('tenant-002', `live after resume ${query}`);
        await resumed.until(() => resumed.changes().length > expected.length);
        expect(new Set(resumed.changes().map((e) => e.id)).size).toBe(resumed.changes().length);
        expect(resumed.frames.some((f) => f.event === 'reset')).toBe(false);
      }
    });

    it('tells the client to refetch everything when the gap is too old or unknown', async () => {
      const future = open({ cookie: ctx().adminCookie, 'last-event-id': '999999999' });
      const reset = await future.next((f) => f.event === 'reset');
      expect(reset.id).toBe(String(await latestSeq(ctx().db)));
      const before = await latestSeq(ctx().db);
      await ctx()
        .db.insert(auditEvents)
        .values(
          Array.from({ length: 1001 }, (_, i) => ({
            action: 'test.bulk',
            resourceType: 'system',
            resourceId: `${i}`,
          })),
        );
      const tooOld = open({ cookie: ctx().adminCookie, 'last-event-id': String(before) });
      await tooOld.next((f) => f.event === 'reset');
      expect(tooOld.changes()).toEqual([]);
    });

    it('ends the stream when the session signs out or the token is revoked', async () => {
      const cookie = await sessionCookieFor(ctx().db, MEMBER_A);
      const session = open({ cookie });
      await ready(session);
      const out = await ctx().app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBeLessThan(300);
      await session.ended;

      const bearer = await bearerTokenFor(ctx().db, MEMBER_B, { name: 'live stream token' });
      const viaToken = open({ authorization: bearer });
      await ready(viaToken);
      await ctx()
        .db.update(apiTokens)
        .set({ revokedAt: new Date().toISOString() })
        .where(eq(apiTokens.name, 'live stream token'));
      // No event says so (a revocation by hand): the heartbeat's re-check ends it.
      await viaToken.ended;
    });

    it('follows a change of the viewer’s rights while the stream is open', async () => {
      const viewer = { id: 'live-c', email: 'c@live.test', roles: { 'tenant-002': 'member' } };
      const client = open({ cookie: await sessionCookieFor(ctx().db, viewer) });
      await ready(client);
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/user-profiles',
        payload: { userId: 'live-c', tenantId: 'tenant-001', role: 'member' },
      });
      expect(res.statusCode).toBe(201);
      await change(client, (e) => e.resourceType === 'user_profile');
      await editTenant('tenant-001', 'now visible to C');
      await change(client, (e) => e.resourceType === 'tenant' && e.tenantId === 'tenant-001');
    });

    it('drops a client that does not read, and counts open streams', async () => {
      const gauge = async () =>
        (await ctx().app.metrics.registry.getSingleMetric('live_event_streams_open')?.get())?.values[0]
          ?.value;
      const slow = new SseClient(
        `${base}${LIVE_EVENTS_PATH}`,
        { cookie: ctx().adminCookie },
        { paused: true },
      );
      clients.push(slow);
      const fast = open({ cookie: ctx().adminCookie });
      await ready(fast);
      await slow.opened();
      expect(await gauge()).toBe(2);
      // Far more than the socket buffers hold: the slow stream's unsent bytes pass the bound.
      // Batches the reading client takes in stride; the one that reads nothing piles them up until dropped.
      const batch = Array.from({ length: 100 }, () => ({
        action: 'test.flood',
        resourceType: 'system',
        resourceId: 'x'.repeat(1000),
      }));
      for (let i = 0; i < 300 && (await gauge()) === 2; i++) {
        await ctx().db.insert(auditEvents).values(batch);
        const latest = String(await latestSeq(ctx().db));
        await fast.until(
          () => fast.changes().at(-1)?.id === latest,
          20_000,
          'the reading stream to catch up',
        );
      }
      expect(await gauge()).toBe(1);
      expect(fast.isClosed).toBe(false);
      expect(slow.changes().length).toBeLessThan(fast.changes().length);
    }, 120_000);
  },
  insertFixtures,
  () => ({ live: { heartbeatMs: 200, maxBufferedBytes: 512 * 1024 } }),
);
