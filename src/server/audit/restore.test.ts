import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { notificationTemplateSchema } from '../../contract/notification-templates';
import { userProfileSchema } from '../../contract/users';
import { auditEvents, capabilities, notificationTemplates, userProfiles, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

/** Undo of a removed access and of a deleted template: the row comes back as its delete recorded it. */
describeApi(
  'restoring removed access and deleted templates',
  (ctx) => {
    type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
    const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
      ctx().inject({ method, url, payload, headers });
    const as = (cookie: string) => ({ cookie });
    const auditOf = async (action: string, resourceId: string) =>
      (await ctx().db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
        (event) => event.resourceId === resourceId,
      );
    const OWNER = { id: 'r-owner', email: 'r-owner@acme.io', roles: { 'tenant-001': 'owner' } };
    const TENANT_ADMIN = { id: 'r-admin', email: 'r-admin@acme.io', roles: { 'tenant-001': 'admin' } };
    const OUTSIDER = { id: 'r-outsider', email: 'r-outsider@globex.io', roles: { 'tenant-002': 'owner' } };

    it('puts a removed access back with the same id, role, details, permissions and preferences', async () => {
      await ctx()
        .db.update(userProfiles)
        .set({
          jobTitle: 'Engineer',
          department: 'Platform',
          permissions: ['deploy'],
          preferences: '{"theme":"dark"}',
        })
        .where(eq(userProfiles.id, 'profile-2'));
      const [before] = await ctx().db.select().from(userProfiles).where(eq(userProfiles.id, 'profile-2'));
      const owner = await sessionCookieFor(ctx().db, OWNER);
      expect((await send('DELETE', '/api/user-profiles/profile-2', undefined, as(owner))).statusCode).toBe(
        204,
      );

      const res = await send('POST', '/api/user-profiles/profile-2/restore', undefined, as(owner));
      expect(res.statusCode).toBe(201);
      const restored = userProfileSchema.parse(res.json());
      const { revision, updatedAt: _updatedAt, ...same } = before!;
      expect(restored).toMatchObject(same);
      // The next revision: a form still holding the removed one's revision gets 412, not a silent write.
      expect(restored.revision).toBe(revision + 1);
      const stale = await send(
        'PATCH',
        '/api/user-profiles/profile-2',
        { role: 'admin' },
        { ...as(owner), 'if-match': `"${revision}"` },
      );
      expect(stale.statusCode).toBe(412);
      expect(await auditOf('user_profile.restore', 'profile-2')).toEqual([
        expect.objectContaining({ actorId: OWNER.id, tenantId: 'tenant-001' }),
      ]);

      // Restoring twice: the access exists again.
      const again = await send('POST', '/api/user-profiles/profile-2/restore');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This access exists again: there is nothing to restore');
    });

    it('refuses a restore after the user was given access to that tenant again (409)', async () => {
      expect((await send('DELETE', '/api/user-profiles/profile-3')).statusCode).toBe(204);
      const regranted = await send('POST', '/api/user-profiles', {
        userId: 'user-2',
        tenantId: 'tenant-002',
        role: 'admin',
      });
      expect(regranted.statusCode).toBe(201);
      const res = await send('POST', '/api/user-profiles/profile-3/restore');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This user already has access to this tenant');
    });

    it('answers 404 when no removal is on record or the user is gone; 403 and 404 by role', async () => {
      const never = await send('POST', '/api/user-profiles/profile-1/restore');
      expect(never.statusCode).toBe(404);
      expect(never.json().message).toBe('Removed user profile not found');
      expect((await send('POST', '/api/user-profiles/nope/restore')).statusCode).toBe(404);

      const created = userProfileSchema.parse(
        (await send('POST', '/api/user-profiles', { userId: 'user-1', tenantId: 'tenant-003' })).json(),
      );
      await send('DELETE', `/api/user-profiles/${created.id}`);
      const tenantAdmin = await sessionCookieFor(ctx().db, {
        ...TENANT_ADMIN,
        roles: { 'tenant-003': 'admin' },
      });
      const outsider = await sessionCookieFor(ctx().db, OUTSIDER);
      const url = `/api/user-profiles/${created.id}/restore`;
      expect((await send('POST', url, undefined, as(tenantAdmin))).statusCode).toBe(403);
      expect((await send('POST', url, undefined, as(outsider))).statusCode).toBe(404);

      await ctx().db.insert(users).values({ id: 'user-gone', email: 'gone@acme.io', name: 'Gone' });
      const gone = userProfileSchema.parse(
        (await send('POST', '/api/user-profiles', { userId: 'user-gone', tenantId: 'tenant-003' })).json(),
      );
      await send('DELETE', `/api/user-profiles/${gone.id}`);
      await ctx().db.delete(users).where(eq(users.id, 'user-gone'));
      const res = await send('POST', `/api/user-profiles/${gone.id}/restore`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('User not found');
    });

    it('refuses an id that is not one (400 naming the field)', async () => {
      const res = await send('POST', '/api/user-profiles/a%2Fb/restore');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('params.id');
      const template = await send('POST', '/api/notification-templates/a%2Fb/restore');
      expect(template.statusCode).toBe(400);
      expect(template.json().issues[0].path).toBe('params.id');
    });

    it('puts a deleted template back with the same id, fields, author and creation time', async () => {
      const [before] = await ctx()
        .db.select()
        .from(notificationTemplates)
        .where(eq(notificationTemplates.id, 'tpl-1'));
      expect((await send('DELETE', '/api/notification-templates/tpl-1')).statusCode).toBe(204);

      const res = await send('POST', '/api/notification-templates/tpl-1/restore');
      expect(res.statusCode).toBe(201);
      const restored = notificationTemplateSchema.parse(res.json());
      const { revision, updatedAt: _updatedAt, ...same } = before!;
      expect(restored).toMatchObject(same);
      expect(restored.revision).toBe(revision + 1);
      const listed = (await send('GET', '/api/notification-templates/capability/api-007')).json() as {
        id: string;
      }[];
      expect(listed.map((t) => t.id)).toContain('tpl-1');
      expect(await auditOf('template.restore', 'tpl-1')).toEqual([
        expect.objectContaining({ actorId: 'test-admin' }),
      ]);

      const again = await send('POST', '/api/notification-templates/tpl-1/restore');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'This notification template exists again: there is nothing to restore',
      );
    });

    it('refuses template restores: never deleted (404), not an administrator (403), capability changed (409)', async () => {
      expect((await send('POST', '/api/notification-templates/tpl-2/restore')).statusCode).toBe(404);
      expect((await send('DELETE', '/api/notification-templates/tpl-2')).statusCode).toBe(204);
      const owner = await sessionCookieFor(ctx().db, OWNER);
      expect(
        (await send('POST', '/api/notification-templates/tpl-2/restore', undefined, as(owner))).statusCode,
      ).toBe(403);

      await ctx()
        .db.update(capabilities)
        .set({ supportsNotificationTemplates: false })
        .where(eq(capabilities.id, 'api-007'));
      const res = await send('POST', '/api/notification-templates/tpl-2/restore');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/does not carry notification templates$/);
      await ctx()
        .db.update(capabilities)
        .set({ supportsNotificationTemplates: true })
        .where(eq(capabilities.id, 'api-007'));
      expect((await send('POST', '/api/notification-templates/tpl-2/restore')).statusCode).toBe(201);
    });
  },
  insertFixtures,
);
