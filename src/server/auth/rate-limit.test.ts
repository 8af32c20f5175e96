import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it, vi } from 'vitest';
import { auditEvents, loginFailures, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import type * as Passwords from './passwords';
import { hashPassword } from './passwords';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS } from './rate-limit';

/** Counts every password evaluation: the limit is about how many guesses are checked, not answered. */
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      verifications.count++;
      return original.verifyPassword(...args);
    },
  };
});

const BOB = { email: 'bob@globex.io', password: 'bob-password-123' };
const BURST = 50;

describeApi(
  'sign-in limits under concurrency',
  (ctx) => {
    const login = (body: object, ip: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });
    const statuses = (replies: LightMyRequestResponse[]) =>
      replies.reduce<Record<number, number>>(
        (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
        {},
      );
    const failedAudits = async (email: string) => {
      const [row] = await ctx()
        .db.select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.login_failed'), eq(auditEvents.actorEmail, email)));
      return row?.n ?? 0;
    };

    it(`evaluates at most ${MAX_FAILURES_PER_ACCOUNT} of ${BURST} parallel wrong passwords for one account`, async () => {
      verifications.count = 0;
      const replies = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          login({ email: 'carol@acme.io', password: `wrong-guess-${i}` }, `10.10.0.${i}`),
        ),
      );
      expect(statuses(replies)).toEqual({
        401: MAX_FAILURES_PER_ACCOUNT,
        429: BURST - MAX_FAILURES_PER_ACCOUNT,
      });
      expect(verifications.count).toBe(MAX_FAILURES_PER_ACCOUNT);
      expect(await failedAudits('carol@acme.io')).toBe(MAX_FAILURES_PER_ACCOUNT);
      for (const reply of replies.filter((r) => r.statusCode === 429)) {
        expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it(`evaluates at most ${MAX_FAILURES_PER_ADDRESS} of ${BURST} parallel guesses from one address`, async () => {
      verifications.count = 0;
      const replies = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          login({ email: `spray-${i}@example.com`, password: 'wrong-guess' }, '10.20.0.1'),
        ),
      );
      expect(statuses(replies)).toEqual({
        401: MAX_FAILURES_PER_ADDRESS,
        429: BURST - MAX_FAILURES_PER_ADDRESS,
      });
      expect(verifications.count).toBe(MAX_FAILURES_PER_ADDRESS);
    });

    it('refuses the right password sent inside a burst once the limit is reached', async () => {
      verifications.count = 0;
      let limitReached!: () => void;
      const reached = new Promise<void>((resolve) => (limitReached = resolve));
      const burst = Array.from({ length: BURST }, (_, i) =>
        login({ email: BOB.email, password: `wrong-guess-${i}` }, `10.30.0.${i}`).then((reply) => {
          if (reply.statusCode === 429) limitReached();
          return reply;
        }),
      );
      // A 429 means the account is at its limit; the burst is still in flight.
      await reached;
      const right = await login(BOB, '10.30.1.1');
      expect(right.statusCode).toBe(429);
      expect(right.headers['set-cookie']).toBeUndefined();
      const replies = await Promise.all(burst);
      expect(replies.filter((r) => r.statusCode === 200)).toEqual([]);
      expect(verifications.count).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    });

    it("a success starts the account over without wiping another address's failures", async () => {
      const dave = { email: 'alice@acme.io', password: 'alice-password-456' };
      // Address X: two failures on dave, two on other accounts. Address Y: one failure on dave.
      for (const body of [
        { email: dave.email, password: 'wrong-1' },
        { email: dave.email, password: 'wrong-2' },
        { email: 'other-1@example.com', password: 'wrong' },
        { email: 'other-2@example.com', password: 'wrong' },
      ]) {
        expect((await login(body, '10.40.0.1')).statusCode).toBe(401);
      }
      expect((await login({ email: dave.email, password: 'wrong-3' }, '10.40.0.2')).statusCode).toBe(401);

      expect((await login(dave, '10.40.0.2')).statusCode).toBe(200);

      const rows = (where: ReturnType<typeof eq>) =>
        ctx().db.select({ n: count() }).from(loginFailures).where(where);
      // X still counts its four failures; the account counts none.
      expect((await rows(eq(loginFailures.ip, '10.40.0.1')))[0]?.n).toBe(4);
      expect((await rows(eq(loginFailures.ip, '10.40.0.2')))[0]?.n).toBe(0);
      expect((await rows(eq(loginFailures.email, dave.email)))[0]?.n).toBe(0);
      // So dave again has the full allowance, from anywhere.
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
        expect((await login({ email: dave.email, password: `again-${i}` }, `10.40.1.${i}`)).statusCode).toBe(
          401,
        );
      }
      expect((await login(dave, '10.40.2.1')).statusCode).toBe(429);
    });
  },
  async (db) => {
    await insertFixtures(db);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(BOB.password) })
      .where(eq(users.email, BOB.email));
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('alice-password-456') })
      .where(eq(users.email, 'alice@acme.io'));
  },
);
