import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, liveEventSchema, type LiveEvent } from '../../contract/events';
import { hashPassword } from '../auth/passwords';
import { userProfiles, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, type TestPersona } from '../test/sessions';
import { SseClient } from '../test/sse-client';

/** A fixture user (user-2, a member of tenant-001 and tenant-002), given a password below. */
const BOB = { email: 'bob@globex.io', password: 'bob-password-123' };

const member = (id: string, ...tenants: string[]): TestPersona => ({
  id,
  email: `${id}@rights.test`,
  roles: Object.fromEntries(tenants.map((tenant) => [tenant, 'member'])),
});

describeApi(
  'live events: the viewer’s rights',
  (ctx) => {
    let base = '';
    const clients: SseClient[] = [];
    beforeAll(async () => {
      base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      for (const client of clients.splice(0)) client.close();
    });

    const open = async (headers: Record<string, string>) => {
      const client = new SseClient(`${base}${LIVE_EVENTS_PATH}`, headers);
      clients.push(client);
      await client.next((f) => f.event === 'ready');
      return client;
    };
    const asPersona = async (persona: TestPersona) =>
      open({ cookie: await sessionCookieFor(ctx().db, persona) });
    const ok = async (status: number, res: Promise<{ statusCode: number; body: string }>) => {
      const answer = await res;
      expect(answer.statusCode, answer.body).toBe(status);
    };
    const editTenant = (tenantId: string, description: string) =>
      ok(200, ctx().inject({ method: 'PATCH', url: `/api/tenants/${tenantId}`, payload: { description } }));
    const signIn = (body: { email: string; password: string }) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    const received = (client: SseClient, accept: (e: LiveEvent) => boolean) =>
      client.next((f) => f.event === 'change' && accept(liveEventSchema.parse(JSON.parse(f.data ?? ''))));
    /** Edits tenant-001 and waits until every client (all members there) has that edit. */
    const marker = async (...streams: SseClient[]) => {
      const edits = (stream: SseClient) =>
        stream.changes<LiveEvent>().filter((e) => e.action === 'tenant.update' && e.tenantId === 'tenant-001')
          .length;
      const before = streams.map(edits);
      await editTenant('tenant-001', `marker ${before.join()}`);
      for (const [i, stream] of streams.entries()) {
        await stream.until(() => edits(stream) > (before[i] ?? 0), 10_000, 'the marker');
      }
    };
    const eventReads = async () => {
      const metric = ctx().app.metrics.registry.getSingleMetric('live_event_viewer_reads_total');
      const values = (await metric?.get())?.values ?? [];
      return values.find((v) => v.labels.reason === 'event')?.value ?? 0;
    };

    it('keeps a change of the single sign-on settings (administrators only) from everyone else', async () => {
      const stream = await asPersona(member('sso-watcher', 'tenant-001'));
      const rules = {
        claim: 'groups',
        jitProvisioning: false,
        rules: [{ group: 'ops', globalRole: 'admin' }],
      };
      await ok(200, ctx().inject({ method: 'PUT', url: '/api/settings/sso', payload: rules }));
      await marker(stream);
      expect(stream.changes<LiveEvent>().map((e) => e.action)).not.toContain('settings.sso.update');
    });

    it('keeps other people’s sign-ins from a viewer who lost a tenant (issue 35, point 7)', async () => {
      const viewer = await asPersona(member('rights-v', 'tenant-001', 'tenant-003'));
      const reads = await eventReads();
      await ok(200, ctx().inject({ method: 'DELETE', url: '/api/tenants/tenant-003' }));
      // Their tenant's deletion is theirs to see (a member until it), and makes the stream read them again.
      await received(viewer, (e) => e.action === 'tenant.delete' && e.tenantId === 'tenant-003');
      expect((await eventReads()) - reads).toBe(1);
      expect((await signIn(BOB)).statusCode).toBe(200);
      await marker(viewer);
      expect(viewer.changes<LiveEvent>().map((e) => e.action)).toEqual(['tenant.delete', 'tenant.update']);
    });

    it('shows a viewer their own removal from a tenant, and nobody else’s access elsewhere', async () => {
      const viewer = await asPersona(member('rights-w', 'tenant-001', 'tenant-002'));
      const [profile] = await ctx()
        .db.select({ id: userProfiles.id })
        .from(userProfiles)
        .where(and(eq(userProfiles.userId, 'rights-w'), eq(userProfiles.tenantId, 'tenant-002')));
      await ok(204, ctx().inject({ method: 'DELETE', url: `/api/user-profiles/${profile?.id}` }));
      await received(viewer, (e) => e.action === 'user_profile.delete');
      await ok(
        201,
        ctx().inject({
          method: 'POST',
          url: '/api/user-profiles',
          payload: { userId: 'user-1', tenantId: 'tenant-004', role: 'member' },
        }),
      );
      await editTenant('tenant-002', 'no longer theirs');
      await marker(viewer);
      expect(viewer.changes<LiveEvent>().map((e) => e.action)).toEqual([
        'user_profile.delete',
        'tenant.update',
      ]);
    });

    it('gives a tenant-restricted token no owner-wide events: only its tenants’ (and its own token’s)', async () => {
      const owner = member('rights-o', 'tenant-001', 'tenant-002');
      const cookie = await sessionCookieFor(ctx().db, owner);
      const bearer = await bearerTokenFor(ctx().db, owner, { tenantIds: ['tenant-001'], name: 'rights' });
      const [session, restricted] = [await open({ cookie }), await open({ authorization: bearer })];
      const token = ctx().app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie },
        payload: { name: 'another', tenantIds: ['tenant-002'] },
      });
      await ok(201, token);
      await received(session, (e) => e.action === 'api_token.create');
      await editTenant('tenant-002', 'outside the token');
      await marker(restricted, session);
      expect(restricted.changes<LiveEvent>().map((e) => `${e.action} ${e.tenantId}`)).toEqual([
        'tenant.update tenant-001',
      ]);
    });

    it('reads a viewer again only for events that can concern them (issue 35, point 8)', async () => {
      const personas = ['rights-n1', 'rights-n2', 'rights-n3', 'rights-n4'].map((id) =>
        member(id, 'tenant-001'),
      );
      const streams = [
        ...(await Promise.all(personas.map(asPersona))),
        await open({ cookie: ctx().adminCookie }),
      ];
      const readsFor = async (action: () => Promise<unknown>) => {
        const before = await eventReads();
        await action();
        await marker(...streams);
        return (await eventReads()) - before;
      };
      // An anonymous failed sign-in, and one on an existing account: nobody's rights, no read.
      const failed = (email: string) => async () =>
        expect((await signIn({ email, password: 'not the password' })).statusCode).toBe(401);
      expect(await readsFor(failed('nobody@rights.test'))).toBe(0);
      expect(await readsFor(failed(BOB.email))).toBe(0);
      // Someone else's access, to a tenant none of them is in and to theirs (the feed reads whose it is).
      const access = { userId: 'user-2', tenantId: 'tenant-004', role: 'member' };
      const grant = () =>
        ok(201, ctx().inject({ method: 'POST', url: '/api/user-profiles', payload: access }));
      expect(await readsFor(grant)).toBe(0);
      const retitle = () =>
        ok(
          200,
          ctx().inject({
            method: 'PATCH',
            url: '/api/user-profiles/profile-1',
            payload: { jobTitle: 'CEO' },
          }),
        );
      expect(await readsFor(retitle)).toBe(0);
      // One viewer's own user changed: that viewer alone.
      const rename = () =>
        ok(200, ctx().inject({ method: 'PATCH', url: '/api/users/rights-n2', payload: { name: 'N two' } }));
      expect(await readsFor(rename)).toBe(1);
    });
  },
  async (db) => {
    await insertFixtures(db);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(BOB.password) })
      .where(eq(users.id, 'user-2'));
  },
  // No heartbeat during a test: the only reads counted are those events cause.
  () => ({ live: { heartbeatMs: 600_000 } }),
);
