import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { GitLink } from '../../contract/git-links';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, tenantMember, type TestPersona } from '../test/sessions';
import { TOKEN_STAYS_MESSAGE } from './links';

/* The Git links API: who may do what, bad input, one link per tenant, If-Match, the token write-only. */

const TOKEN = 'ghp_secret_token_value';
const URL_OF = (name: string) => `https://git.example.invalid/${name}.git`;
const OUTSIDER: TestPersona = {
  id: 'gl-outsider',
  email: 'gl-outsider@example.com',
  roles: { 'tenant-002': 'owner' },
};

describeApi(
  'Git links API',
  (ctx) => {
    const as = async (
      persona: TestPersona | null,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => {
      const cookie = persona ? await sessionCookieFor(ctx().db, persona) : ctx().adminCookie;
      return ctx().inject({ method, url, payload, headers: { cookie, ...headers } });
    };

    it('creates a link for a tenant owner, never answers or audits its token, and refuses a second one (409)', async () => {
      const owner = tenantMember('gl', 'owner');
      const res = await as(owner, 'POST', '/api/git-links', {
        tenantId: 'tenant-001',
        repoUrl: URL_OF('acme'),
        path: 'tenants/acme.yaml',
        accessToken: TOKEN,
      });
      expect(res.statusCode, res.body).toBe(201);
      const link = res.json<GitLink>();
      expect(link).toMatchObject({
        branch: 'main',
        format: 'yaml',
        hasAccessToken: true,
        syncMode: false,
        revision: 1,
      });
      expect(res.headers.etag).toBe('"1"');
      expect(res.body).not.toContain(TOKEN);
      const events = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.resourceType, 'git-link'), eq(auditEvents.resourceId, link.id)));
      expect(events.map((e) => e.action)).toEqual(['git_link.create']);
      expect(events[0]?.changes).not.toContain(TOKEN);
      expect(events[0]?.actorId).toBe(owner.id);

      const again = await as(null, 'POST', '/api/git-links', {
        tenantId: 'tenant-001',
        repoUrl: URL_OF('b'),
        path: 'b.yaml',
      });
      expect(again.statusCode).toBe(409);
      const list = await as(null, 'GET', '/api/git-links');
      expect(list.body).not.toContain(TOKEN);
    });

    it('lets members read, owners and admins manage, and hides the link from other tenants (404)', async () => {
      const [link] = (await as(null, 'GET', '/api/git-links')).json<GitLink[]>();
      if (!link) throw new Error('no link');
      const member = tenantMember('gl', 'member');
      const developer = tenantMember('gl', 'developer');
      expect((await as(member, 'GET', `/api/git-links/${link.id}`)).statusCode).toBe(200);
      expect((await as(member, 'GET', '/api/tenants/tenant-001/git-link')).json()).toMatchObject({
        link: { id: link.id },
      });
      expect((await as(OUTSIDER, 'GET', '/api/tenants/tenant-002/git-link')).json()).toEqual({ link: null });
      expect((await as(developer, 'PATCH', `/api/git-links/${link.id}`, { branch: 'dev' })).statusCode).toBe(
        403,
      );
      expect((await as(member, 'POST', `/api/git-links/${link.id}/check`)).statusCode).toBe(403);
      expect((await as(OUTSIDER, 'GET', `/api/git-links/${link.id}`)).statusCode).toBe(404);
      expect((await as(OUTSIDER, 'GET', `/api/git-links/${link.id}/drift`)).statusCode).toBe(404);
      expect((await as(OUTSIDER, 'GET', '/api/git-links')).json()).toEqual([]);
      const platform = { tenantId: null, repoUrl: URL_OF('platform'), path: 'platform.yaml' };
      expect((await as(tenantMember('gl', 'owner'), 'POST', '/api/git-links', platform)).statusCode).toBe(
        403,
      );
      const made = await as(null, 'POST', '/api/git-links', platform);
      expect(made.statusCode, made.body).toBe(201);
      expect((await as(member, 'GET', `/api/git-links/${made.json<GitLink>().id}`)).statusCode).toBe(404);
    });

    it('refuses bad input naming the field, and a refused address at save', async () => {
      const bad = await as(null, 'POST', '/api/git-links', {
        tenantId: 'tenant-003',
        repoUrl: 'ftp://example.com/x',
        branch: 'a..b',
        path: '../escape.yaml',
        format: 'toml',
      });
      expect(bad.statusCode).toBe(400);
      const paths = bad.json<{ issues: { path: string }[] }>().issues.map((i) => i.path);
      expect(paths).toEqual(
        expect.arrayContaining(['body.repoUrl', 'body.branch', 'body.path', 'body.format']),
      );
      const metadata = await as(null, 'POST', '/api/git-links', {
        tenantId: 'tenant-003',
        repoUrl: URL_OF('m'),
        path: 'config/.GIT/hooks/post-checkout',
      });
      expect(metadata.statusCode).toBe(400);
      expect(metadata.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('body.path');
      const loopback = await as(null, 'POST', '/api/git-links', {
        tenantId: 'tenant-003',
        repoUrl: 'http://127.0.0.1:9/x.git',
        path: 'x.yaml',
      });
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json<{ issues: { path: string }[] }>().issues[0]?.path).toBe('body.repoUrl');
      const [link] = (await as(null, 'GET', '/api/git-links'))
        .json<GitLink[]>()
        .filter((l) => l.tenantId === 'tenant-001');
      const fixed = await as(null, 'PATCH', `/api/git-links/${link?.id ?? ''}`, { tenantId: 'tenant-002' });
      expect(fixed.statusCode).toBe(400);
      expect(
        (await as(null, 'POST', '/api/git-links', { tenantId: 'nope', repoUrl: URL_OF('n'), path: 'n.yaml' }))
          .statusCode,
      ).toBe(404);
    });

    it('never keeps the stored token for another repository: a new URL comes with its token, or none', async () => {
      const made = await as(null, 'POST', '/api/git-links', {
        tenantId: 'tenant-003',
        repoUrl: URL_OF('kept'),
        path: 'kept.yaml',
        accessToken: TOKEN,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<GitLink>().id;
      const moved = await as(null, 'PATCH', `/api/git-links/${id}`, { repoUrl: URL_OF('elsewhere') });
      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toMatchObject({
        message: TOKEN_STAYS_MESSAGE,
        issues: [{ path: 'body.accessToken', message: TOKEN_STAYS_MESSAGE }],
      });
      const unchanged = (await as(null, 'GET', `/api/git-links/${id}`)).json<GitLink>();
      expect(unchanged).toMatchObject({ repoUrl: URL_OF('kept'), hasAccessToken: true });
      // The same URL again is no move; a new one with null (or a new token) is.
      const same = await as(null, 'PATCH', `/api/git-links/${id}`, {
        repoUrl: URL_OF('kept'),
        path: 'b.yaml',
      });
      expect(same.json()).toMatchObject({ hasAccessToken: true, path: 'b.yaml' });
      const dropped = await as(null, 'PATCH', `/api/git-links/${id}`, {
        repoUrl: URL_OF('elsewhere'),
        accessToken: null,
      });
      expect(dropped.statusCode, dropped.body).toBe(200);
      expect(dropped.json()).toMatchObject({ repoUrl: URL_OF('elsewhere'), hasAccessToken: false });
      expect((await as(null, 'DELETE', `/api/git-links/${id}`)).statusCode).toBe(204);
    });

    it('edits under If-Match (412 when stale), keeps the token unless one is sent, and deletes', async () => {
      const [link] = (await as(null, 'GET', '/api/git-links'))
        .json<GitLink[]>()
        .filter((l) => l.tenantId === 'tenant-001');
      if (!link) throw new Error('no link');
      const stale = await as(
        null,
        'PATCH',
        `/api/git-links/${link.id}`,
        { syncMode: true },
        { 'if-match': `"${link.revision + 5}"` },
      );
      expect(stale.statusCode).toBe(412);
      const nothing = await as(null, 'PATCH', `/api/git-links/${link.id}`, {});
      expect(nothing.json()).toMatchObject({ revision: link.revision });
      const edited = await as(
        null,
        'PATCH',
        `/api/git-links/${link.id}`,
        { syncMode: true, format: 'json' },
        { 'if-match': `"${link.revision}"` },
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        syncMode: true,
        format: 'json',
        hasAccessToken: true,
        revision: link.revision + 1,
      });
      const cleared = await as(null, 'PATCH', `/api/git-links/${link.id}`, { accessToken: null });
      expect(cleared.json()).toMatchObject({ hasAccessToken: false });
      const removed = await as(null, 'DELETE', `/api/git-links/${link.id}`, undefined, {
        'if-match': `"${link.revision + 2}"`,
      });
      expect(removed.statusCode).toBe(204);
      expect((await as(null, 'GET', `/api/git-links/${link.id}`)).statusCode).toBe(404);
      const actions = await ctx()
        .db.select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.resourceId, link.id))
        .orderBy(asc(auditEvents.createdAt));
      expect(actions.map((a) => a.action)).toEqual([
        'git_link.create',
        'git_link.update',
        'git_link.update',
        'git_link.delete',
      ]);
    });
  },
  insertFixtures,
);
