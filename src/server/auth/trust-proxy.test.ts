import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { auditEvents, loginFailures, users } from '../db/schema';
import { parseEnv } from '../env';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { hashPassword } from './passwords';
import { MAX_FAILURES_PER_ADDRESS } from './rate-limit';

it('TRUST_PROXY defaults to off and accepts true/false, a hop count or addresses/CIDRs', () => {
  expect(parseEnv({}).TRUST_PROXY).toBe(false);
  expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
    '10.0.0.0/8',
    '127.0.0.1',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
  expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY.*not an address: 10.0.0.0\/33/);
  expect(() => parseEnv({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
});

describeApi(
  'TRUST_PROXY',
  (ctx) => {
    /** A second app on the same database that believes the proxy at 10.9.9.9 only. */
    let trusting: App;
    beforeAll(async () => {
      trusting = await buildApp({
        database: { ...ctx().database.handle, ping: async () => undefined },
        trustProxy: ['10.9.9.9'],
      });
      await trusting.ready();
    });
    afterAll(() => trusting.close());

    const wrongLogin = (app: App, email: string, socket: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: socket,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const failuresFrom = async (ip: string) =>
      (await ctx().db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.ip, ip)))[0]?.n;
    const lastFailedAuditIp = async (email: string) =>
      (
        await ctx()
          .db.select({ ip: auditEvents.ip })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'auth.login_failed'), eq(auditEvents.actorEmail, email)))
          .orderBy(desc(auditEvents.createdAt))
          .limit(1)
      )[0]?.ip;

    it('off (default): a forged X-Forwarded-For changes neither the per-address limit nor the audit address', async () => {
      for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
        // Each guess claims a new address; all of them are counted against the socket's.
        const reply = await wrongLogin(ctx().app, `forger-${i}@example.com`, '10.50.0.1', `192.0.2.${i}`);
        expect(reply.statusCode).toBe(401);
      }
      expect(await failuresFrom('10.50.0.1')).toBe(MAX_FAILURES_PER_ADDRESS);
      expect(await failuresFrom('192.0.2.1')).toBe(0);
      expect(await lastFailedAuditIp(`forger-${MAX_FAILURES_PER_ADDRESS - 1}@example.com`)).toBe('10.50.0.1');
      const limited = await wrongLogin(ctx().app, 'forger-x@example.com', '10.50.0.1', '192.0.2.200');
      expect(limited.statusCode).toBe(429);
    });

    it('on: the address a trusted proxy forwards is the one limited and audited', async () => {
      const reply = await wrongLogin(trusting, 'proxied@example.com', '10.9.9.9', '198.51.100.7');
      expect(reply.statusCode).toBe(401);
      expect(await failuresFrom('198.51.100.7')).toBe(1);
      expect(await lastFailedAuditIp('proxied@example.com')).toBe('198.51.100.7');
      // The same header from a socket that is not the trusted proxy is ignored.
      await wrongLogin(trusting, 'direct@example.com', '10.50.0.2', '198.51.100.8');
      expect(await lastFailedAuditIp('direct@example.com')).toBe('10.50.0.2');
    });

    it('COOKIE_SECURE=auto believes X-Forwarded-Proto only from a trusted proxy', async () => {
      const signIn = (app: App, socket: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'bob@globex.io', password: 'bob-password-123' },
          remoteAddress: socket,
          headers: { 'x-forwarded-proto': 'https' },
        });
      const untrusted = await signIn(ctx().app, '10.60.0.1');
      expect(untrusted.statusCode).toBe(200);
      expect(String(untrusted.headers['set-cookie'])).not.toContain('Secure');
      const proxied = await signIn(trusting, '10.9.9.9');
      expect(proxied.statusCode).toBe(200);
      expect(String(proxied.headers['set-cookie'])).toContain('Secure');
    });
  },
  async (db) => {
    await insertFixtures(db);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('bob-password-123') })
      .where(eq(users.email, 'bob@globex.io'));
  },
);
