import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, userIdentities, userProfiles, users } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixtures } from '../../test/fixtures';
import { signInDeps, ssoSignInAs, TEST_CALLBACK, useTestProvider, type SsoBrowser } from './test-login';

const provider = useTestProvider([
  {
    sub: 'alice-sub',
    email: 'alice@acme.io',
    emailVerified: true,
    name: 'Alice',
    groups: ['rm-admins', 'acme-devs'],
  },
  { sub: 'bob-sub', email: 'bob@globex.io', emailVerified: false, name: 'Bob', groups: ['acme-devs'] },
  { sub: 'carol-sub', email: 'carol@new.io', emailVerified: true, name: 'Carol New', groups: ['acme-devs'] },
]);

const cookieOf = (browser: SsoBrowser) => `rm_session=${browser.appJar.get('rm_session') ?? ''}`;

function setGroups(sub: string, groups: string[]): void {
  const account = provider().accounts.get(sub);
  if (!account) throw new Error(`no account ${sub}`);
  account.groups = groups;
}

describeApi(
  'single sign-on',
  (ctx) => {
    const putSettings = async (body: object) => {
      const response = await ctx().inject({ method: 'PUT', url: '/api/settings/sso', payload: body });
      expect(response.statusCode, response.body).toBe(200);
    };
    const me = async (browser: SsoBrowser) => {
      const response = await ctx().inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: cookieOf(browser) },
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const profilesOf = (userId: string) =>
      ctx()
        .db.select({ tenantId: userProfiles.tenantId, role: userProfiles.role, source: userProfiles.source })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId))
        .orderBy(userProfiles.tenantId);
    const signIn = (sub: string) => ssoSignInAs(ctx().app, sub, TEST_CALLBACK);

    it('signs in through the provider with the mapped roles, linking the verified e-mail', async () => {
      await putSettings({
        claim: 'groups',
        jitProvisioning: false,
        rules: [
          { group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' },
          { group: 'rm-admins', globalRole: 'admin' },
        ],
      });
      await ctx().db.update(users).set({ globalRole: 'user' }).where(eq(users.id, 'user-1'));
      const { response, browser } = await signIn('alice-sub');
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(await me(browser)).toMatchObject({
        user: { email: 'alice@acme.io', globalRole: 'admin', globalRoleSource: 'sso' },
      });
      expect(await profilesOf('user-1')).toEqual([
        { tenantId: 'tenant-001', role: 'owner', source: 'manual' },
        { tenantId: 'tenant-002', role: 'developer', source: 'sso' },
      ]);
      const [identity] = await ctx()
        .db.select()
        .from(userIdentities)
        .where(eq(userIdentities.subject, 'alice-sub'));
      expect(identity).toMatchObject({ userId: 'user-1', issuer: provider().issuer, email: 'alice@acme.io' });
      const events = await ctx().db.select().from(auditEvents).where(eq(auditEvents.actorId, 'user-1'));
      const actions = events.map((event) => event.action);
      expect(actions).toEqual(expect.arrayContaining(['user.identity.link', 'user.sso.roles', 'auth.login']));
      const login = events.find((event) => event.action === 'auth.login');
      expect(JSON.parse(login?.changes ?? '{}')).toEqual({ method: 'sso' });
    });

    it('takes over a hand-set role a rule now covers, and removes mapped roles whose group is gone', async () => {
      await putSettings({
        claim: 'groups',
        jitProvisioning: false,
        rules: [
          { group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' },
          { group: 'acme-devs', tenantId: 'tenant-001', role: 'member' },
          { group: 'rm-admins', globalRole: 'admin' },
        ],
      });
      await signIn('alice-sub');
      expect(await profilesOf('user-1')).toEqual([
        { tenantId: 'tenant-001', role: 'member', source: 'sso' },
        { tenantId: 'tenant-002', role: 'developer', source: 'sso' },
      ]);
      setGroups('alice-sub', []);
      const { browser } = await signIn('alice-sub');
      expect(await me(browser)).toMatchObject({ user: { globalRole: 'user', globalRoleSource: 'manual' } });
      expect(await profilesOf('user-1')).toEqual([]);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'user.sso.roles'), eq(auditEvents.resourceId, 'user-1')))
        .orderBy(auditEvents.createdAt);
      expect(event).toBeDefined();
      setGroups('alice-sub', ['rm-admins', 'acme-devs']);
    });

    it('keeps a profile deactivated by hand inactive when its group goes and comes back', async () => {
      await putSettings({
        claim: 'groups',
        jitProvisioning: false,
        rules: [{ group: 'acme-devs', tenantId: 'tenant-004', role: 'developer' }],
      });
      await signIn('alice-sub');
      const mapped = and(eq(userProfiles.userId, 'user-1'), eq(userProfiles.tenantId, 'tenant-004'));
      await ctx().db.update(userProfiles).set({ status: 'inactive' }).where(mapped);
      const statusNow = async () =>
        (await ctx().db.select({ status: userProfiles.status }).from(userProfiles).where(mapped))[0]?.status;
      setGroups('alice-sub', []);
      await signIn('alice-sub');
      expect(await statusNow()).toBe('inactive');
      setGroups('alice-sub', ['rm-admins', 'acme-devs']);
      await signIn('alice-sub');
      expect(await statusNow()).toBe('inactive');
      await ctx().db.delete(userProfiles).where(mapped);
    });

    it('leaves a role set by hand alone when no rule covers its tenant', async () => {
      const granted = await ctx().inject({
        method: 'POST',
        url: '/api/user-profiles',
        payload: { userId: 'user-1', tenantId: 'tenant-003', role: 'admin' },
      });
      expect(granted.statusCode, granted.body).toBe(201);
      await putSettings({
        claim: 'groups',
        jitProvisioning: false,
        rules: [{ group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' }],
      });
      await signIn('alice-sub');
      expect(await profilesOf('user-1')).toContainEqual({
        tenantId: 'tenant-003',
        role: 'admin',
        source: 'manual',
      });
      setGroups('alice-sub', []);
      await signIn('alice-sub');
      expect(await profilesOf('user-1')).toEqual([
        { tenantId: 'tenant-003', role: 'admin', source: 'manual' },
      ]);
      setGroups('alice-sub', ['rm-admins', 'acme-devs']);
    });

    it('finds a linked user by issuer and subject, not by e-mail', async () => {
      // The provider now says another address: the link still names the same user.
      const account = provider().accounts.get('alice-sub');
      if (!account) throw new Error('no alice');
      account.email = 'alice.renamed@acme.io';
      const { browser } = await signIn('alice-sub');
      expect(await me(browser)).toMatchObject({ user: { id: 'user-1', email: 'alice@acme.io' } });
      account.email = 'alice@acme.io';
    });

    it('does not link an account by an e-mail the provider has not verified', async () => {
      const { response } = await signIn('bob-sub');
      expect(response.headers.location).toBe('/login?sso_error=unknown_user');
      expect(
        await ctx().db.select().from(userIdentities).where(eq(userIdentities.subject, 'bob-sub')),
      ).toEqual([]);
      const failed = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.actorEmail, 'bob@globex.io'));
      expect(failed.map((event) => event.action)).toContain('auth.login_failed');
    });

    it('refuses unknown users while JIT provisioning is off, and creates them when it is on', async () => {
      const refused = await signIn('carol-sub');
      expect(refused.response.headers.location).toBe('/login?sso_error=unknown_user');
      expect(await ctx().db.select().from(users).where(eq(users.email, 'carol@new.io'))).toEqual([]);

      await putSettings({
        claim: 'groups',
        jitProvisioning: true,
        rules: [{ group: 'acme-devs', tenantId: 'tenant-002', role: 'developer' }],
      });
      const { response, browser } = await signIn('carol-sub');
      expect(response.headers.location).toBe('/');
      const body = await me(browser);
      expect(body).toMatchObject({ user: { email: 'carol@new.io', name: 'Carol New', kind: 'person' } });
      expect(await profilesOf(body.user.id)).toEqual([
        { tenantId: 'tenant-002', role: 'developer', source: 'sso' },
      ]);
    });

    it('refuses a disabled user', async () => {
      await ctx().db.update(users).set({ status: 'inactive' }).where(eq(users.id, 'user-1'));
      const { response } = await signIn('alice-sub');
      expect(response.headers.location).toBe('/login?sso_error=disabled');
      expect(response.headers['set-cookie']).not.toEqual(expect.stringContaining('rm_session=ey'));
      await ctx().db.update(users).set({ status: 'active' }).where(eq(users.id, 'user-1'));
    });

    it('signs out with the provider end-session URL of an SSO session', async () => {
      const { browser } = await signIn('alice-sub');
      const response = await ctx().inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: cookieOf(browser) },
      });
      expect(response.statusCode).toBe(200);
      const { endSessionUrl } = response.json();
      const url = new URL(endSessionUrl);
      expect(url.origin).toBe(provider().issuer);
      expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://rm.test/login');
      // A password session has nothing to end at the provider.
      const admin = await ctx().inject({ method: 'POST', url: '/api/auth/logout' });
      expect(admin.json()).toEqual({ endSessionUrl: null });
    });
  },
  insertFixtures,
  () => ({ signIn: signInDeps(provider()) }),
);
