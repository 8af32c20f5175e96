import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, liveEventSchema } from '../../../contract/events';
import { auditEvents } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixtures } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/sessions';
import { SseClient } from '../../test/sse-client';
import { signInDeps, ssoSignInAs, TEST_CALLBACK, useTestProvider } from './test-login';

// What the group mapping writes to the audit trail: one user_profile event per tenant it touches, with that
// tenant (so the tenant's owners read it and its members' screens refresh), and a role granted by hand
// that the mapping takes over says so.

const provider = useTestProvider([
  {
    sub: 'alice-sub',
    email: 'alice@acme.io',
    emailVerified: true,
    name: 'Alice',
    groups: ['rm-admins', 'acme-devs', 'acme-leads'],
  },
]);

describeApi(
  'single sign-on: the audit trail of the group mapping',
  (ctx) => {
    const signIn = () => ssoSignInAs(ctx().app, 'alice-sub', TEST_CALLBACK);
    const setGroups = (groups: string[]) => {
      const alice = provider().accounts.get('alice-sub');
      if (!alice) throw new Error('no alice');
      alice.groups = groups;
    };
    const putRules = async () => {
      const settings = await ctx().inject({
        method: 'PUT',
        url: '/api/settings/sso',
        payload: {
          claim: 'groups',
          jitProvisioning: false,
          rules: [
            { group: 'rm-admins', globalRole: 'admin' },
            { group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' },
            { group: 'acme-leads', tenantId: 'tenant-001', role: 'admin' },
          ],
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
    };
    /** The audit log as an owner of the tenant reads it (GET /api/audit-events). */
    const tenantAuditLog = async (tenantId: string) => {
      const cookie = await sessionCookieFor(ctx().db, {
        id: `owner-of-${tenantId}`,
        email: `owner@${tenantId}.test`,
        roles: { [tenantId]: 'owner' },
      });
      const response = await ctx().app.inject({
        method: 'GET',
        url: `/api/audit-events?tenantId=${tenantId}&resourceType=user_profile&sort=createdAt`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json() as {
        action: string;
        actorEmail: string;
        tenantId: string;
        changes: string;
      }[];
      return items.map(({ action, actorEmail, tenantId: tenant, changes }) => ({
        action,
        actorEmail,
        tenantId: tenant,
        changes: JSON.parse(changes) as Record<string, unknown>,
      }));
    };
    const ssoRolesEvents = async () =>
      (
        await ctx()
          .db.select({ changes: auditEvents.changes })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'user.sso.roles'), eq(auditEvents.resourceId, 'user-1')))
          .orderBy(auditEvents.seq)
      ).map((event) => JSON.parse(event.changes ?? 'null') as Record<string, unknown>);

    it('writes one user_profile event per tenant, with the tenant, and says when it takes over a role set by hand', async () => {
      await putRules();
      setGroups(['rm-admins', 'acme-devs', 'acme-leads']);
      // Alice is a global admin and tenant-001's owner, both granted by hand (the fixtures).
      expect((await signIn()).response.headers.location).toBe('/');

      expect(await tenantAuditLog('tenant-002')).toEqual([
        {
          action: 'user_profile.create',
          actorEmail: 'alice@acme.io',
          tenantId: 'tenant-002',
          changes: expect.objectContaining({
            after: expect.objectContaining({ userId: 'user-1', role: 'developer', source: 'sso' }),
          }),
        },
      ]);
      expect(await tenantAuditLog('tenant-001')).toEqual([
        {
          action: 'user_profile.update',
          actorEmail: 'alice@acme.io',
          tenantId: 'tenant-001',
          changes: expect.objectContaining({
            role: { from: 'owner', to: 'admin' },
            source: { from: 'manual', to: 'sso' },
            manualRoleTakenOver: true,
          }),
        },
      ]);
      // The global administrator role set by hand, now the mapping's: said, though the role is the same.
      expect(await ssoRolesEvents()).toEqual([
        expect.objectContaining({
          globalRoleSource: { from: 'manual', to: 'sso' },
          manualRoleTakenOver: true,
        }),
      ]);

      // The groups gone at the provider: each tenant's log shows the member removed.
      setGroups([]);
      expect((await signIn()).response.headers.location).toBe('/');
      for (const tenantId of ['tenant-001', 'tenant-002']) {
        const log = await tenantAuditLog(tenantId);
        expect(log.at(-1), tenantId).toMatchObject({
          action: 'user_profile.delete',
          tenantId,
          changes: { before: expect.objectContaining({ userId: 'user-1', tenantId, source: 'sso' }) },
        });
      }
      expect((await ssoRolesEvents()).at(-1)).toMatchObject({ globalRole: { from: 'admin', to: 'user' } });
    });

    it("streams the mapping's changes of a tenant's members to that tenant's members", async () => {
      await putRules();
      setGroups([]);
      await signIn();
      const base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await sessionCookieFor(ctx().db, {
        id: 'member-of-tenant-002',
        email: 'member@tenant-002.test',
        roles: { 'tenant-002': 'member' },
      });
      const stream = new SseClient(`${base}${LIVE_EVENTS_PATH}`, { cookie });
      try {
        await stream.next((frame) => frame.event === 'ready');
        const profileChange = (action: string) =>
          stream.next((frame) => {
            if (frame.event !== 'change') return false;
            const event = liveEventSchema.parse(JSON.parse(frame.data ?? ''));
            return event.action === action && event.tenantId === 'tenant-002';
          });
        setGroups(['acme-devs']);
        await signIn();
        await profileChange('user_profile.create');
        setGroups([]);
        await signIn();
        await profileChange('user_profile.delete');
      } finally {
        stream.close();
      }
    });
  },
  insertFixtures,
  () => ({ signIn: signInDeps(provider()) }),
);
