import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditEvents, userIdentities, userProfiles, users } from '../../db/schema';
import type { UserIdentity } from '../../../contract/users';
import { describeApi } from '../../test/api-harness';
import { TEST_ADMIN } from '../../test/sessions';
import { ensureFirstAdmin } from '../service';
import { insertFixtures } from '../../test/fixtures';
import { signInDeps, ssoSignInAs, TEST_CALLBACK, useTestProvider, type SsoBrowser } from './test-login';
import type { TestAccount } from './test-provider';

// Who a provider identity may become here (docs/sso.md, "Matching, linking, JIT"): one identity per
// provider and account, never a new account from an unverified address, never another person's account
// through a look-alike address, and never a role change of the break-glass account.

const BREAK_GLASS = 'break-glass@example.com'; // signInDeps' ADMIN_EMAIL
const KIM = 'kim@example.com';
const LEE = 'lee@example.com';
const LOOK_ALIKES = {
  kelvin: '\u212Aim@example.com', // KELVIN SIGN: toLowerCase() folds it to "k"
  dotlessI: 'k\u0131m@example.com', // LATIN SMALL LETTER DOTLESS I: toUpperCase() gives "I"
  fullWidth: '\uFF2Bim@example.com', // FULLWIDTH LATIN CAPITAL LETTER K: NFKC gives "K"
  cyrillic: 'k\u0456m@example.com', // CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
};

const account = (sub: string, email: string, emailVerified: boolean, groups: string[] = []): TestAccount => ({
  sub,
  email,
  emailVerified,
  name: sub,
  groups,
});

const provider = useTestProvider([
  account('glass-1', BREAK_GLASS, true, ['rm-admins', 'acme-devs']),
  account('glass-2', 'BREAK-GLASS@EXAMPLE.COM', true),
  account('carol-1', 'carol@new.io', true),
  account('carol-2', 'Carol@New.io', true),
  account('squatter', 'dora@new.io', false, ['acme-devs']),
  account('dora', 'dora@new.io', true),
  account('lee-1', LEE, true),
  account('lee-2', LEE, true),
  ...Object.entries(LOOK_ALIKES).map(([sub, email]) => account(sub, email, true)),
]);

async function prepare(db: Database) {
  await insertFixtures(db);
  await db.insert(users).values([
    { id: 'glass', email: BREAK_GLASS, name: 'Break glass', globalRole: 'admin' },
    { id: 'kim', email: KIM, name: 'Kim' },
    { id: 'lee', email: LEE, name: 'Lee' },
  ]);
}

const cookieOf = (browser: SsoBrowser) => `rm_session=${browser.appJar.get('rm_session') ?? ''}`;

describeApi(
  'single sign-on: who an identity may become',
  (ctx) => {
    const putSettings = async (jitProvisioning: boolean) => {
      const response = await ctx().inject({
        method: 'PUT',
        url: '/api/settings/sso',
        payload: {
          claim: 'groups',
          jitProvisioning,
          rules: [
            { group: 'rm-admins', globalRole: 'admin' },
            { group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const signIn = async (sub: string) => {
      const { response, browser } = await ssoSignInAs(ctx().app, sub, TEST_CALLBACK);
      return { location: response.headers.location, browser };
    };
    const me = async (browser: SsoBrowser) =>
      (
        await ctx().app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieOf(browser) } })
      ).json();
    /** The identities that sign in as the user (unlinked ones aside). */
    const subjectsOf = async (userId: string) =>
      (
        await ctx()
          .db.select({ subject: userIdentities.subject })
          .from(userIdentities)
          .where(and(eq(userIdentities.userId, userId), isNull(userIdentities.unlinkedAt)))
      ).map((row) => row.subject);
    const usersWithEmail = (email: string) =>
      ctx()
        .db.select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    const roleOf = async (userId: string) => {
      const [user] = await ctx()
        .db.select({ role: users.globalRole, source: users.globalRoleSource })
        .from(users)
        .where(eq(users.id, userId));
      const profiles = await ctx().db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return { ...user, tenants: profiles.map((profile) => profile.tenantId) };
    };

    it('never lets SSO change the roles of the break-glass account, nor link it a second identity', async () => {
      await putSettings(false);
      const glass = provider().accounts.get('glass-1');
      if (!glass) throw new Error('no glass-1');
      glass.groups = ['rm-admins', 'acme-devs'];
      // Its own identity, in the admin group: it links, but the mapping leaves its roles as set by hand.
      expect((await signIn('glass-1')).location).toBe('/');
      expect(await roleOf('glass')).toEqual({ role: 'admin', source: 'manual', tenants: [] });
      // Another identity of the same provider with the same (verified) address and no groups: refused.
      expect((await signIn('glass-2')).location).toBe('/login?sso_error=unknown_user');
      expect(await subjectsOf('glass')).toEqual(['glass-1']);
      expect(await roleOf('glass')).toEqual({ role: 'admin', source: 'manual', tenants: [] });
      const [failed] = await ctx()
        .db.select({ changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.login_failed'), eq(auditEvents.actorEmail, BREAK_GLASS)));
      expect(failed?.changes).toContain('already linked');
      // Its own identity without its groups: still an administrator.
      glass.groups = [];
      expect((await signIn('glass-1')).location).toBe('/');
      expect(await roleOf('glass')).toEqual({ role: 'admin', source: 'manual', tenants: [] });
    });

    it('links one identity per provider to an account: a second subject with its address is refused', async () => {
      await putSettings(true);
      const first = await signIn('carol-1');
      expect(first.location).toBe('/');
      const carol = (await me(first.browser)).user.id;
      expect((await signIn('carol-2')).location).toBe('/login?sso_error=unknown_user');
      expect(await subjectsOf(carol)).toEqual(['carol-1']);
      expect(await usersWithEmail('carol@new.io')).toEqual([{ id: carol }]);
    });

    it('never creates an account from an unverified e-mail, so its verified owner gets it', async () => {
      await putSettings(true);
      expect((await signIn('squatter')).location).toBe('/login?sso_error=unknown_user');
      expect(await usersWithEmail('dora@new.io')).toEqual([]);
      const [failed] = await ctx()
        .db.select({ changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.login_failed'), eq(auditEvents.actorEmail, 'dora@new.io')));
      expect(failed?.changes).toContain('not verified');
      // The address's verified owner signs in later: a fresh account, linked to them alone.
      const owner = await signIn('dora');
      expect(owner.location).toBe('/');
      const dora = (await me(owner.browser)).user;
      expect(dora).toMatchObject({ email: 'dora@new.io', globalRole: 'user' });
      expect(await subjectsOf(dora.id)).toEqual(['dora']);
      expect((await roleOf(dora.id)).tenants).toEqual([]);
    });

    it('never signs a look-alike address in as the account it resembles', async () => {
      await putSettings(false);
      for (const sub of Object.keys(LOOK_ALIKES)) {
        expect((await signIn(sub)).location, sub).toBe('/login?sso_error=unknown_user');
      }
      expect(await subjectsOf('kim')).toEqual([]);
      // With accounts created at first sign-in: the addresses that fold into another one (compatibility
      // forms) are refused; the others are addresses of their own, never Kim's account.
      await putSettings(true);
      for (const sub of ['kelvin', 'fullWidth']) {
        expect((await signIn(sub)).location, sub).toBe('/login?sso_error=unknown_user');
      }
      for (const sub of ['dotlessI', 'cyrillic'] as const) {
        const { location, browser } = await signIn(sub);
        expect(location, sub).toBe('/');
        expect((await me(browser)).user, sub).toMatchObject({ email: LOOK_ALIKES[sub] });
        expect((await me(browser)).user.id, sub).not.toBe('kim');
      }
      expect(await subjectsOf('kim')).toEqual([]);
      expect(await usersWithEmail(KIM)).toEqual([{ id: 'kim' }]);
    });

    it("unlinks an identity (administrators, under the user's If-Match): another identity with the address may link then", async () => {
      await putSettings(false);
      const first = await signIn('lee-1');
      expect(first.location).toBe('/');
      expect((await signIn('lee-2')).location).toBe('/login?sso_error=unknown_user');
      const listed = await ctx().get('/api/users/lee/identities');
      expect(listed.statusCode, listed.body).toBe(200);
      const [identity, ...more] = listed.json<UserIdentity[]>();
      expect(more).toEqual([]);
      expect(identity).toMatchObject({ subject: 'lee-1', email: LEE, issuer: provider().issuer });
      const url = `/api/users/lee/identities/${identity?.id ?? ''}`;
      // A token made through the link's session: it goes with the link.
      const minted = await ctx().app.inject({
        method: 'POST',
        url: '/api/tokens',
        payload: { name: 'laptop' },
        headers: { cookie: cookieOf(first.browser) },
      });
      expect(minted.statusCode, minted.body).toBe(201);
      const token = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };

      const stale = await ctx().inject({ method: 'DELETE', url, headers: { 'if-match': '"999"' } });
      expect(stale.statusCode, stale.body).toBe(412);
      const { etag } = (await ctx().get('/api/users/lee')).headers;
      const removed = await ctx().inject({ method: 'DELETE', url, headers: { 'if-match': String(etag) } });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await ctx().get('/api/users/lee')).headers.etag).not.toBe(etag);
      expect((await ctx().inject({ method: 'DELETE', url })).statusCode).toBe(404);
      expect(await subjectsOf('lee')).toEqual([]);
      // Whoever signed in through the link is signed out.
      const session = await ctx().app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: cookieOf(first.browser) },
      });
      expect(session.statusCode).toBe(401);
      const byToken = await ctx().app.inject({ method: 'GET', url: '/api/auth/me', headers: token });
      expect(byToken.statusCode).toBe(401);
      const [unlinked] = (await ctx().get('/api/users/lee/identities')).json<UserIdentity[]>();
      expect(unlinked?.unlinkedAt).toEqual(expect.any(String));
      const [event] = await ctx()
        .db.select({ changes: auditEvents.changes })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'user.identity.unlink'), eq(auditEvents.resourceId, 'lee')));
      expect(JSON.parse(String(event?.changes))).toMatchObject({ subject: 'lee-1', email: LEE });

      // The unlinked identity is refused from now on, though its address is still the account's...
      expect((await signIn('lee-1')).location).toBe('/login?sso_error=unknown_user');
      // ...and the account is free for the identity the person holds now. An administrator had set its
      // address, so the link records them: four eyes count them as able to act as Lee while it stands.
      for (const email of ['lee.moved@example.com', LEE]) {
        const set = await ctx().inject({ method: 'PATCH', url: '/api/users/lee', payload: { email } });
        expect(set.statusCode, set.body).toBe(200);
      }
      expect((await signIn('lee-2')).location).toBe('/');
      expect(await subjectsOf('lee')).toEqual(['lee-2']);
      const [relinked] = await ctx()
        .db.select({ emailSetById: userIdentities.emailSetById })
        .from(userIdentities)
        .where(eq(userIdentities.subject, 'lee-2'));
      expect(relinked?.emailSetById).toBe(TEST_ADMIN.id);
    });

    it('gives the break-glass account back at a start with no password administrator, without its SSO links', async () => {
      await putSettings(false);
      const linked = await signIn('glass-1');
      expect(linked.location).toBe('/');
      expect(await subjectsOf('glass')).toEqual(['glass-1']);
      expect((await me(linked.browser)).user.id).toBe('glass');
      await ctx().db.update(users).set({ status: 'inactive' }).where(eq(users.id, 'glass'));

      const repaired = await ensureFirstAdmin(ctx().db, {
        email: BREAK_GLASS,
        password: 'quartz meadow 42!',
      });
      expect(repaired?.email).toBe(BREAK_GLASS);
      expect(await roleOf('glass')).toMatchObject({ role: 'admin' });
      // Its identity at the provider no longer signs in as it: the recovery is for the password's holder.
      expect(await subjectsOf('glass')).toEqual([]);
      const unlinked = await ctx()
        .db.select({ actorId: auditEvents.actorId })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'user.identity.unlink'), eq(auditEvents.resourceId, 'glass')));
      expect(unlinked).toEqual([{ actorId: null }]);
      // Nor does a session made through it, nor a new sign-in with it.
      const session = await ctx().app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: cookieOf(linked.browser) },
      });
      expect(session.statusCode).toBe(401);
      expect((await signIn('glass-1')).location).toBe('/login?sso_error=unknown_user');
    });
  },
  prepare,
  () => ({ signIn: signInDeps(provider()) }),
);
