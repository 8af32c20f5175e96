import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PasswordLoginMode } from '../../contract/sso';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { describeApi, type ApiContext } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { hashPassword } from './passwords';
import { login, startSession } from './service';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE } from './sessions';

const PASSWORD = 'correct-horse-battery-staple-9';
const BREAK_GLASS = 'break-glass@example.com';

async function withPasswords(db: Database): Promise<void> {
  await insertFixtures(db);
  await db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
  await db.insert(users).values({ email: BREAK_GLASS, name: 'Break glass', globalRole: 'admin' });
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.email, BREAK_GLASS));
}

/** A session made by a password sign-in while PASSWORD_LOGIN was still `all` (no policy given). */
async function passwordSession(db: Database, email: string): Promise<string> {
  const { token } = await login(
    db,
    { email, password: PASSWORD },
    { ip: '10.0.0.1', policy: DEFAULT_SESSION_POLICY },
  );
  return `${SESSION_COOKIE}=${token}`;
}

/** A session made by a single sign-on: the provider's ID token kept with it. */
async function ssoSession(db: Database, email: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const { passwordHash: _hash, ...publicUser } = user;
  const { token } = await db.transaction((tx) =>
    startSession(tx, publicUser, {
      ip: '10.0.0.1',
      policy: DEFAULT_SESSION_POLICY,
      method: 'sso',
      idToken: 'id-token',
    }),
  );
  return `${SESSION_COOKIE}=${token}`;
}

const me = (ctx: () => ApiContext, cookie: string) =>
  ctx().app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const mint = (ctx: () => ApiContext, cookie: string) =>
  ctx().app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { cookie },
    payload: { name: 'after the switch' },
  });

const signInOptions = (mode: PasswordLoginMode) => () => ({
  signIn: { passwordLogin: { mode, breakGlassEmail: BREAK_GLASS }, adminContact: null },
});

describeApi(
  'PASSWORD_LOGIN=off and the password sessions made before',
  (ctx) => {
    it('ends them at their next request (no token minted), keeps the break-glass and SSO sessions', async () => {
      const { db } = ctx();
      const admin = await passwordSession(db, 'alice@acme.io');
      const member = await passwordSession(db, 'bob@globex.io');
      const breakGlass = await passwordSession(db, BREAK_GLASS);
      const sso = await ssoSession(db, 'alice@acme.io');
      for (const cookie of [admin, member]) {
        expect((await mint(ctx, cookie)).statusCode).toBe(401);
        expect((await me(ctx, cookie)).statusCode).toBe(401);
      }
      const left = await db.select({ userId: sessions.userId }).from(sessions);
      expect(left.map((s) => s.userId).sort()).not.toContain('user-2');
      expect((await me(ctx, breakGlass)).statusCode).toBe(200);
      expect((await mint(ctx, breakGlass)).statusCode).toBe(201);
      expect((await me(ctx, sso)).statusCode).toBe(200);
    });
  },
  withPasswords,
  signInOptions('off'),
);

describeApi(
  'PASSWORD_LOGIN=admins and the password sessions made before',
  (ctx) => {
    it("ends a non-administrator's password session, keeps an administrator's", async () => {
      const { db } = ctx();
      const member = await passwordSession(db, 'bob@globex.io');
      const admin = await passwordSession(db, 'alice@acme.io');
      expect((await me(ctx, member)).statusCode).toBe(401);
      expect((await me(ctx, admin)).statusCode).toBe(200);
    });
  },
  withPasswords,
  signInOptions('admins'),
);
