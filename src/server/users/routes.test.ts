import { expect, it } from 'vitest';
import { z } from 'zod';
import { userProfileSchema, userSchema } from '../../contract/users';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

describeApi(
  'users API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (body: { id: string }[]) => body.map((item) => item.id);

    it('lists users by name with the spec fields', async () => {
      const res = await get('/api/users');
      expect(res.statusCode).toBe(200);
      const users = z.array(userSchema).parse(res.json());
      expect(ids(users)).toEqual(['user-1', 'user-2', 'test-admin']);
      expect(users[1]?.avatarUrl).toBe('https://example.com/bob.png');
      expect(users[0]?.globalRole).toBe('admin');
      expect(res.headers['x-total-count']).toBe('3');
      // The password hash never leaves the server.
      expect(res.body).not.toContain('passwordHash');
    });

    it('reads one user by id, with its revision as the ETag; 404 for none', async () => {
      const res = await get('/api/users/user-2');
      expect(res.statusCode).toBe(200);
      const user = userSchema.parse(res.json());
      expect(user).toMatchObject({ id: 'user-2', email: 'bob@globex.io' });
      expect(res.headers.etag).toBe(`"${user.revision}"`);
      expect(res.body).not.toContain('passwordHash');
      expect((await get('/api/users/nobody')).statusCode).toBe(404);
    });

    it('searches users by name or email', async () => {
      expect(ids((await get('/api/users?q=builder')).json())).toEqual(['user-2']);
      expect(ids((await get('/api/users?q=ACME.IO')).json())).toEqual(['user-1']);
      expect((await get('/api/users?q=nobody')).json()).toEqual([]);
    });

    it('lists profiles, optionally for one user or tenant', async () => {
      const all = z.array(userProfileSchema).parse((await get('/api/user-profiles')).json());
      expect(all).toHaveLength(3);
      expect(all.find((p) => p.id === 'profile-2')).toMatchObject({
        userId: 'user-2',
        tenantId: 'tenant-001',
        role: 'developer',
        displayName: 'Bobby',
      });
      expect(ids((await get('/api/user-profiles?userId=user-2')).json())).toEqual(['profile-2', 'profile-3']);
      expect(ids((await get('/api/user-profiles?tenantId=tenant-002')).json())).toEqual(['profile-3']);
    });

    it('lists the profiles of several users at once (a page of user cards)', async () => {
      const both = (await get('/api/user-profiles?userIds=user-1&userIds=user-2')).json();
      expect(ids(both).sort()).toEqual(['profile-1', 'profile-2', 'profile-3']);
      const one = await get('/api/user-profiles?userIds=user-2&limit=1');
      expect(ids(one.json())).toEqual(['profile-2']);
      expect(one.headers['x-total-count']).toBe('2');
      expect((await get('/api/user-profiles?userIds=nobody')).json()).toEqual([]);
    });

    it('refuses a bad filter with a 400 naming it', async () => {
      const res = await get('/api/user-profiles?userId=');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('querystring.userId');
      const many = new URLSearchParams(Array.from({ length: 201 }, (_, i) => ['userIds', `user-${i}`]));
      const tooMany = await get(`/api/user-profiles?${many}`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().issues[0].path).toMatch(/^querystring\.userIds/);
      const slash = await get('/api/user-profiles?userIds=a%2Fb');
      expect(slash.statusCode).toBe(400);
      expect(slash.json().issues[0].path).toMatch(/^querystring\.userIds/);
    });

    it('reads one user only where the list would show them to the caller', async () => {
      // A member of tenant-002 shares it with Bob (user-2) only: Alice (user-1) is not theirs to see.
      const cookie = await sessionCookieFor(ctx().db, {
        id: 'member-2',
        email: 'member-2@example.com',
        roles: { 'tenant-002': 'member' },
      });
      const as = (url: string) => ctx().inject({ method: 'GET', url, headers: { cookie } });
      expect((await as('/api/users/member-2')).statusCode).toBe(200);
      expect((await as('/api/users/user-2')).statusCode).toBe(200);
      expect((await as('/api/users/user-1')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
