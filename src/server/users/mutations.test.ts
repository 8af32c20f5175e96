import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DUPLICATE_EMAIL_MESSAGE, userProfileSchema, userSchema } from '../../contract/users';
import { auditEvents, sessions, userProfiles, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

describeApi(
  'user mutations',
  (ctx) => {
    type Method = 'POST' | 'PATCH' | 'DELETE';
    const send = (method: Method, url: string, payload?: object, cookie?: string) =>
      ctx().inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    const auditOf = (action: string) =>
      ctx().db.select().from(auditEvents).where(eq(auditEvents.action, action));
    const userRow = async (id: string) => (await ctx().db.select().from(users).where(eq(users.id, id)))[0];

    it('adds a user with a lower-case email, the defaults and a hashed password that is never echoed', async () => {
      const password = 'correct horse battery';
      const res = await send('POST', '/api/users', {
        name: ' Dana Dev ',
        email: ' Dana@Example.COM ',
        password,
      });
      expect(res.statusCode).toBe(201);
      const created = userSchema.parse(res.json());
      expect(created).toMatchObject({
        name: 'Dana Dev',
        email: 'dana@example.com',
        globalRole: 'user',
        status: 'active',
        avatarUrl: null,
      });
      expect(res.body).not.toContain('password');
      expect((await userRow(created.id))?.passwordHash).toMatch(/^\$argon2id\$/);
      const [event] = (await auditOf('user.create')).filter((e) => e.resourceId === created.id);
      expect(event?.changes).not.toContain('argon2');
      expect(event?.changes).not.toContain(password);
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'dana@example.com', password },
      });
      expect(login.statusCode).toBe(200);
    });

    it('adds an administrator without a password, with an avatar', async () => {
      const res = await send('POST', '/api/users', {
        name: 'Eve',
        email: 'eve@example.com',
        globalRole: 'admin',
        avatarUrl: 'https://example.com/eve.png',
        status: 'inactive',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        globalRole: 'admin',
        status: 'inactive',
        avatarUrl: 'https://example.com/eve.png',
      });
      expect((await userRow(res.json().id))?.passwordHash).toBeNull();
    });

    it('refuses a duplicate email, whatever its case, with 409', async () => {
      const res = await send('POST', '/api/users', { name: 'Alice 2', email: 'ALICE@acme.io' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: DUPLICATE_EMAIL_MESSAGE, code: 'CONFLICT' });
      expect(res.json().message).toBe('A user with this email already exists');
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const valid = { name: 'X', email: 'x@example.com' };
      const cases: [object, string][] = [
        [{ ...valid, name: ' ' }, 'body.name'],
        [{ ...valid, email: 'not-an-email' }, 'body.email'],
        [{ name: 'X' }, 'body.email'],
        [{ ...valid, globalRole: 'root' }, 'body.globalRole'],
        [{ ...valid, status: 'banned' }, 'body.status'],
        [{ ...valid, avatarUrl: 'javascript:alert(1)' }, 'body.avatarUrl'],
        [{ ...valid, password: 'short' }, 'body.password'],
      ];
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/users', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('lets only administrators manage users (403)', async () => {
      const owner = await sessionCookieFor(ctx().db, {
        id: 'u-owner',
        email: 'u-owner@acme.io',
        roles: { 'tenant-001': 'owner' },
      });
      expect(
        (await send('POST', '/api/users', { name: 'X', email: 'x2@example.com' }, owner)).statusCode,
      ).toBe(403);
      expect((await send('PATCH', '/api/users/user-2', { name: 'X' }, owner)).statusCode).toBe(403);
      expect((await send('DELETE', '/api/users/user-2', undefined, owner)).statusCode).toBe(403);
    });

    it('edits a user and audits the change; 404 unknown, 400 bad, 409 duplicate email', async () => {
      const res = await send('PATCH', '/api/users/user-2', {
        name: 'Robert Builder',
        email: 'Robert@Globex.io',
        avatarUrl: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 'user-2',
        name: 'Robert Builder',
        email: 'robert@globex.io',
        avatarUrl: null,
      });
      const [event] = (await auditOf('user.update')).filter((e) => e.resourceId === 'user-2');
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        name: { from: 'Bob Builder', to: 'Robert Builder' },
        email: { from: 'bob@globex.io', to: 'robert@globex.io' },
        avatarUrl: { from: 'https://example.com/bob.png', to: null },
      });
      expect((await send('PATCH', '/api/users/nobody', { name: 'X' })).statusCode).toBe(404);
      const bad = await send('PATCH', '/api/users/user-2', { globalRole: 'superuser' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.globalRole');
      const taken = await send('PATCH', '/api/users/user-2', { email: 'alice@acme.io' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(DUPLICATE_EMAIL_MESSAGE);
      // Keeping one's own email is not a conflict.
      expect((await send('PATCH', '/api/users/user-2', { email: 'robert@globex.io' })).statusCode).toBe(200);
    });

    it('disabling a user ends their sessions', async () => {
      const cookie = await sessionCookieFor(ctx().db, { id: 'user-2', email: 'robert@globex.io' });
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
      ).toBe(200);
      expect((await send('PATCH', '/api/users/user-2', { status: 'inactive' })).json()).toMatchObject({
        status: 'inactive',
      });
      expect(await ctx().db.select().from(sessions).where(eq(sessions.userId, 'user-2'))).toEqual([]);
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
      ).toBe(401);
      expect((await send('PATCH', '/api/users/user-2', { status: 'active' })).json()).toMatchObject({
        status: 'active',
      });
    });

    it('an administrator cannot demote, disable or delete themselves (409)', async () => {
      for (const body of [{ globalRole: 'user' }, { status: 'inactive' }]) {
        const res = await send('PATCH', '/api/users/test-admin', body);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          'You cannot remove your own administrator access or disable your own account',
        );
      }
      const del = await send('DELETE', '/api/users/test-admin');
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('You cannot delete your own account');
      expect(await userRow('test-admin')).toMatchObject({ globalRole: 'admin', status: 'active' });
      // Other edits of oneself are fine.
      expect((await send('PATCH', '/api/users/test-admin', { name: 'Test Admin' })).statusCode).toBe(200);
    });

    it('two administrators demoting each other at once leave one administrator', async () => {
      const other = await sessionCookieFor(ctx().db, {
        id: 'u-admin-2',
        email: 'u-admin-2@example.com',
        globalRole: 'admin',
      });
      // Only test-admin and u-admin-2 stay administrators for this race.
      expect((await send('PATCH', '/api/users/user-1', { globalRole: 'user' })).statusCode).toBe(200);
      const [first, second] = await Promise.all([
        send('PATCH', '/api/users/u-admin-2', { globalRole: 'user' }),
        send('PATCH', '/api/users/test-admin', { globalRole: 'user' }, other),
      ]);
      expect([first?.statusCode, second?.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const admins = (await ctx().db.select().from(users)).filter(
        (u) => u.globalRole === 'admin' && u.status === 'active',
      );
      expect(admins.length).toBeGreaterThanOrEqual(1);
      // Restore: the other administrator again, user-1 an administrator again.
      await ctx().db.update(users).set({ globalRole: 'admin' }).where(eq(users.id, 'u-admin-2'));
      await ctx().db.update(users).set({ globalRole: 'admin' }).where(eq(users.id, 'test-admin'));
      await ctx().db.update(users).set({ globalRole: 'admin' }).where(eq(users.id, 'user-1'));
    });

    it('deletes a user with their profiles (204), audited; then 404', async () => {
      const created = userSchema.parse(
        (await send('POST', '/api/users', { name: 'Temp', email: 'temp@example.com' })).json(),
      );
      await ctx()
        .db.insert(userProfiles)
        .values({ id: 'temp-profile', userId: created.id, tenantId: 'tenant-003' });
      expect((await send('DELETE', `/api/users/${created.id}`)).statusCode).toBe(204);
      expect(await userRow(created.id)).toBeUndefined();
      expect(await ctx().db.select().from(userProfiles).where(eq(userProfiles.id, 'temp-profile'))).toEqual(
        [],
      );
      const [event] = (await auditOf('user.delete')).filter((e) => e.resourceId === created.id);
      expect(JSON.parse(event?.changes ?? '{}').profiles).toEqual([
        { id: 'temp-profile', tenantId: 'tenant-003' },
      ]);
      expect(event?.changes).not.toContain('passwordHash');
      expect((await send('DELETE', `/api/users/${created.id}`)).statusCode).toBe(404);
    });
  },
  insertFixtures,
);

describeApi(
  'user profile mutations',
  (ctx) => {
    type Method = 'POST' | 'PATCH' | 'DELETE';
    const send = (method: Method, url: string, payload?: object, cookie?: string) =>
      ctx().inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    const auditOf = (action: string) =>
      ctx().db.select().from(auditEvents).where(eq(auditEvents.action, action));
    const OWNER = { id: 'p-owner', email: 'p-owner@acme.io', roles: { 'tenant-001': 'owner' } };
    const TENANT_ADMIN = { id: 'p-admin', email: 'p-admin@acme.io', roles: { 'tenant-001': 'admin' } };
    const OUTSIDER = { id: 'p-outsider', email: 'p-outsider@globex.io', roles: { 'tenant-002': 'owner' } };

    it('gives a user access to a tenant with the defaults, audited', async () => {
      const res = await send('POST', '/api/user-profiles', { userId: 'user-1', tenantId: 'tenant-003' });
      expect(res.statusCode).toBe(201);
      const created = userProfileSchema.parse(res.json());
      expect(created).toMatchObject({
        userId: 'user-1',
        tenantId: 'tenant-003',
        role: 'member',
        status: 'active',
        displayName: null,
        permissions: null,
      });
      const [event] = (await auditOf('user_profile.create')).filter((e) => e.resourceId === created.id);
      expect(event).toMatchObject({ tenantId: 'tenant-003', actorId: 'test-admin' });
    });

    it('stores every field of Manage Access', async () => {
      const res = await send('POST', '/api/user-profiles', {
        userId: 'user-2',
        tenantId: 'tenant-003',
        role: 'developer',
        displayName: 'Bob the Builder',
        jobTitle: 'Engineer',
        department: 'Platform',
        permissions: ['deploy', 'read-logs'],
        status: 'inactive',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        role: 'developer',
        displayName: 'Bob the Builder',
        jobTitle: 'Engineer',
        department: 'Platform',
        permissions: ['deploy', 'read-logs'],
        status: 'inactive',
      });
    });

    it('refuses a second profile for the same user and tenant (409), unknown users and tenants (404)', async () => {
      const dup = await send('POST', '/api/user-profiles', {
        userId: 'user-2',
        tenantId: 'tenant-001',
        role: 'admin',
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('This user already has access to this tenant');
      const noUser = await send('POST', '/api/user-profiles', { userId: 'user-404', tenantId: 'tenant-001' });
      expect(noUser.statusCode).toBe(404);
      expect(noUser.json().message).toBe('User not found');
      const noTenant = await send('POST', '/api/user-profiles', { userId: 'user-2', tenantId: 'tenant-404' });
      expect(noTenant.statusCode).toBe(404);
      expect(noTenant.json().message).toBe('Tenant not found');
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const valid = { userId: 'user-1', tenantId: 'tenant-004' };
      const cases: [object, string][] = [
        [{ ...valid, role: 'superuser' }, 'body.role'],
        [{ ...valid, permissions: 'deploy' }, 'body.permissions'],
        [{ ...valid, permissions: [''] }, 'body.permissions.0'],
        [{ ...valid, status: 'gone' }, 'body.status'],
        [{ tenantId: 'tenant-004' }, 'body.userId'],
      ];
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/user-profiles', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('lets a tenant owner manage access; a tenant admin gets 403; another tenant 404', async () => {
      const owner = await sessionCookieFor(ctx().db, OWNER);
      const tenantAdmin = await sessionCookieFor(ctx().db, TENANT_ADMIN);
      const outsider = await sessionCookieFor(ctx().db, OUTSIDER);
      const body = { userId: 'p-outsider', tenantId: 'tenant-001', role: 'developer' };
      expect((await send('POST', '/api/user-profiles', body, tenantAdmin)).statusCode).toBe(403);
      expect((await send('POST', '/api/user-profiles', body, outsider)).statusCode).toBe(404);
      const created = await send('POST', '/api/user-profiles', body, owner);
      expect(created.statusCode).toBe(201);
      const id = userProfileSchema.parse(created.json()).id;
      expect(
        (await send('PATCH', `/api/user-profiles/${id}`, { role: 'admin' }, tenantAdmin)).statusCode,
      ).toBe(403);
      expect((await send('PATCH', '/api/user-profiles/profile-3', { role: 'admin' }, owner)).statusCode).toBe(
        404,
      );
      expect((await send('DELETE', `/api/user-profiles/${id}`, undefined, tenantAdmin)).statusCode).toBe(403);
      expect(
        (await send('PATCH', `/api/user-profiles/${id}`, { role: 'admin' }, owner)).json(),
      ).toMatchObject({ role: 'admin' });
      expect((await send('DELETE', `/api/user-profiles/${id}`, undefined, owner)).statusCode).toBe(204);
      const [event] = (await auditOf('user_profile.delete')).filter((e) => e.resourceId === id);
      expect(event).toMatchObject({ actorId: OWNER.id, tenantId: 'tenant-001' });
    });

    it('changes a profile, sets updatedAt and audits; user and tenant cannot change', async () => {
      const [before] = await ctx().db.select().from(userProfiles).where(eq(userProfiles.id, 'profile-2'));
      const res = await send('PATCH', '/api/user-profiles/profile-2', {
        jobTitle: 'Lead',
        permissions: ['deploy'],
        userId: 'user-2',
        tenantId: 'tenant-001',
      });
      expect(res.statusCode).toBe(200);
      const after = userProfileSchema.parse(res.json());
      expect(after).toMatchObject({
        jobTitle: 'Lead',
        permissions: ['deploy'],
        role: 'developer',
        displayName: 'Bobby',
      });
      expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before?.updatedAt ?? ''));
      const [event] = (await auditOf('user_profile.update')).filter((e) => e.resourceId === 'profile-2');
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        jobTitle: { from: null, to: 'Lead' },
        permissions: { from: null, to: ['deploy'] },
      });

      for (const [body, field] of [
        [{ tenantId: 'tenant-002' }, 'body.tenantId'],
        [{ userId: 'user-1' }, 'body.userId'],
        [{ role: 'king' }, 'body.role'],
      ] as const) {
        const bad = await send('PATCH', '/api/user-profiles/profile-2', body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().issues[0].path).toBe(field);
      }
      expect((await send('PATCH', '/api/user-profiles/nope', { role: 'member' })).json()).toMatchObject({
        message: 'User profile not found',
      });
    });

    it('removes a profile (204); then 404', async () => {
      expect((await send('DELETE', '/api/user-profiles/profile-3')).statusCode).toBe(204);
      expect(await ctx().db.select().from(userProfiles).where(eq(userProfiles.id, 'profile-3'))).toEqual([]);
      expect((await send('DELETE', '/api/user-profiles/profile-3')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
