import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { meSchema } from '../../contract/auth';
import { auditEvents, sessions, userProfiles, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { hashPassword } from './passwords';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './rate-limit';

const BOB = { email: 'bob@globex.io', password: 'bob-password-123' };

describeApi(
  'sign-in and sessions',
  (ctx) => {
    const login = (body: object, headers: Record<string, string> = {}) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers });
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      String(res.headers['set-cookie']).split(';')[0] ?? '';
    const as = (cookie: string, url: string, method: 'GET' | 'POST' = 'GET') =>
      ctx().app.inject({ method, url, headers: { cookie } });
    const auditActions = async () =>
      (await ctx().db.select({ action: auditEvents.action }).from(auditEvents)).map((e) => e.action);

    it('signs in with a right pair: HttpOnly, SameSite=Lax session cookie and the user with their roles', async () => {
      const res = await login(BOB);
      expect(res.statusCode).toBe(200);
      const me = meSchema.parse(res.json());
      expect(me.user.email).toBe(BOB.email);
      expect(me.memberships).toEqual(
        expect.arrayContaining([
          { tenantId: 'tenant-001', role: 'developer' },
          { tenantId: 'tenant-002', role: 'member' },
        ]),
      );
      expect(res.body).not.toContain('passwordHash');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^rm_session=[\w-]{40,};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
      const meRes = await as(cookieOf(res), '/api/auth/me');
      expect(meRes.json().user.email).toBe(BOB.email);
      const [row] = await ctx()
        .db.select({ lastLoginAt: users.lastLoginAt })
        .from(users)
        .where(eq(users.id, 'user-2'));
      expect(row?.lastLoginAt).not.toBeNull();
    });

    it('believes no X-Forwarded-Proto while TRUST_PROXY is off (trust-proxy.test.ts covers it on)', async () => {
      const res = await login(BOB, { 'x-forwarded-proto': 'https' });
      expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    });

    it('answers one message for a wrong password, an unknown email and a disabled user', async () => {
      for (const body of [
        { email: BOB.email, password: 'wrong-password' },
        { email: 'nobody@example.com', password: BOB.password },
        { email: 'alice@acme.io', password: 'no password set for alice' },
      ]) {
        const res = await login(body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
      }
      expect(await auditActions()).toContain('auth.login_failed');
    });

    it('refuses a malformed sign-in with 400 naming the field', async () => {
      const res = await login({ email: '', password: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('body.email');
    });

    it('answers 401 on every non-public route without a valid session', async () => {
      for (const url of [
        '/api/tenants',
        '/api/auth/me',
        '/api/overview',
        '/api/docs/json',
        '/api/audit-events',
      ]) {
        const res = await ctx().app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: 'Sign in to continue', code: 'UNAUTHENTICATED' });
      }
      expect((await as('rm_session=forged-token', '/api/tenants')).statusCode).toBe(401);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });

    it('rotates the session at sign-in: the previous cookie stops working', async () => {
      const first = cookieOf(await login(BOB));
      const second = await login(BOB, { cookie: first });
      expect(cookieOf(second)).not.toBe(first);
      expect((await as(first, '/api/auth/me')).statusCode).toBe(401);
      expect((await as(cookieOf(second), '/api/auth/me')).statusCode).toBe(200);
    });

    it('signs out: the session is deleted and the cookie cleared', async () => {
      const cookie = cookieOf(await login(BOB));
      const res = await as(cookie, '/api/auth/logout', 'POST');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ endSessionUrl: null });
      expect(String(res.headers['set-cookie'])).toMatch(/rm_session=;/);
      expect((await as(cookie, '/api/auth/me')).statusCode).toBe(401);
      expect(await auditActions()).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
    });

    it('ends a session after the idle timeout and after the absolute timeout', async () => {
      const { db } = ctx();
      const idle = cookieOf(await login(BOB));
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 9 * 3600 * 1000).toISOString() })
        .where(eq(sessions.userId, 'user-2'));
      expect((await as(idle, '/api/auth/me')).statusCode).toBe(401);

      const old = cookieOf(await login(BOB));
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(sessions.userId, 'user-2'));
      const before = (await db.select().from(sessions)).length;
      expect((await as(old, '/api/auth/me')).statusCode).toBe(401);
      // An expired session is removed when it is presented, not just ignored.
      expect((await db.select().from(sessions)).length).toBe(before - 1);
    });

    it('applies a disabled user and a changed role on the very next request', async () => {
      const { db } = ctx();
      const cookie = cookieOf(await login(BOB));
      expect((await as(cookie, '/api/tenants/tenant-001')).statusCode).toBe(200);
      await db.delete(userProfiles).where(eq(userProfiles.id, 'profile-2'));
      expect((await as(cookie, '/api/tenants/tenant-001')).statusCode).toBe(404);
      await db.insert(userProfiles).values({
        id: 'profile-2',
        userId: 'user-2',
        tenantId: 'tenant-001',
        role: 'developer',
        displayName: 'Bobby',
      });
      expect((await as(cookie, '/api/tenants/tenant-001')).statusCode).toBe(200);
      await db.update(users).set({ status: 'inactive' }).where(eq(users.id, 'user-2'));
      expect((await as(cookie, '/api/auth/me')).statusCode).toBe(401);
      await db.update(users).set({ status: 'active' }).where(eq(users.id, 'user-2'));
    });

    it('refuses state-changing requests from another origin (CSRF), allows same-origin and scripts', async () => {
      const post = (headers: Record<string, string>) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: BOB,
          headers: { host: 'console.example.com', ...headers },
        });
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example.net' },
        { origin: 'null' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const res = await post(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().message).toBe('Cross-site request refused');
      }
      expect((await post({ origin: 'https://console.example.com' })).statusCode).toBe(200);
      expect((await post({})).statusCode).toBe(200);
      // Reads are not state-changing: a cross-site GET is answered (and needs its own session anyway).
      expect(
        (
          await ctx().app.inject({
            method: 'GET',
            url: '/api/health',
            headers: { origin: 'https://evil.example.net' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('sends security headers and never lets API answers be cached', async () => {
      const res = await ctx().get('/api/tenants');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    });

    it("lets an administrator set a password, which ends that user's sessions; nobody else may", async () => {
      const bobCookie = cookieOf(await login(BOB));
      const forbidden = await ctx().app.inject({
        method: 'POST',
        url: '/api/users/user-1/password',
        payload: { password: 'a-long-password-1' },
        headers: { cookie: bobCookie },
      });
      expect(forbidden.statusCode).toBe(403);
      const short = await ctx().inject({
        method: 'POST',
        url: '/api/users/user-2/password',
        payload: { password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().issues[0]).toMatchObject({
        path: 'body.password',
        message: 'Password must be at least 12 characters',
      });
      expect(
        (
          await ctx().inject({
            method: 'POST',
            url: '/api/users/nobody/password',
            payload: { password: 'a-long-password-1' },
          })
        ).statusCode,
      ).toBe(404);
      const ok = await ctx().inject({
        method: 'POST',
        url: '/api/users/user-2/password',
        payload: { password: 'a-new-password-for-bob' },
      });
      expect(ok.statusCode).toBe(204);
      expect((await as(bobCookie, '/api/auth/me')).statusCode).toBe(401);
      expect((await login(BOB)).statusCode).toBe(401);
      expect((await login({ email: BOB.email, password: 'a-new-password-for-bob' })).statusCode).toBe(200);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'user.password_set'));
      expect(event).toMatchObject({ actorId: 'test-admin', resourceId: 'user-2' });
      expect(event?.changes).not.toMatch(/argon2|a-new-password/);
      await ctx()
        .db.update(users)
        .set({ passwordHash: await hashPassword(BOB.password) })
        .where(eq(users.id, 'user-2'));
    });
  },
  async (db) => {
    await insertFixtures(db);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(BOB.password) })
      .where(eq(users.id, 'user-2'));
  },
);

describeApi(
  'sign-in rate limit',
  (ctx) => {
    // The socket's address: X-Forwarded-For is not believed unless TRUST_PROXY says so.
    const login = (body: object, ip: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });

    it(`refuses an account after ${MAX_FAILURES_PER_ACCOUNT} failures with 429 and Retry-After, even with the right password`, async () => {
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
        expect((await login({ email: BOB.email, password: `wrong-${i}` }, `10.1.0.${i}`)).statusCode).toBe(
          401,
        );
      }
      const limited = await login(BOB, '10.1.0.99');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    });

    it(`refuses an address after ${MAX_FAILURES_PER_ADDRESS} failures across accounts`, async () => {
      for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
        expect(
          (await login({ email: `user${i}@example.com`, password: 'wrong' }, '10.2.0.1')).statusCode,
        ).toBe(401);
      }
      const limited = await login({ email: 'alice@acme.io', password: 'whatever' }, '10.2.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toContain('this address');
      // Another address is not affected.
      expect((await login({ email: 'alice@acme.io', password: 'whatever' }, '10.3.0.1')).statusCode).toBe(
        401,
      );
    });
  },
  async (db) => {
    await insertFixtures(db);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(BOB.password) })
      .where(eq(users.id, 'user-2'));
  },
);
