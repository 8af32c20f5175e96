import { and, eq } from 'drizzle-orm';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { afterAll, afterEach, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../paths';
import { auditEvents, changeRequests } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, SECOND_ADMIN } from '../test/change-requests';
import {
  bearerTokenFor,
  sessionCookieFor,
  TEST_ADMIN,
  tenantMember,
  type TestPersona,
} from '../test/sessions';
import { insertFixtures } from '../test/fixtures';
import { checkLink } from './check';
import { runGitSyncPass } from './pass';
import { gitSyncUser } from './service-account';
import {
  driftEvents,
  FILE,
  gitServerForSuite,
  linkRow,
  linkTenant,
  liveYaml,
  loopbackSettings,
  openFindings,
  removeLinks,
  TENANT,
} from './test-kit';

/*
 * Sync mode files each new commit once, as the Git sync service account, through the approvals; and
 * two checks of one link at once (two passes, two requests) record one finding.
 */

const settings = loopbackSettings();
const git = gitServerForSuite();
/** An administrator who neither edited the link nor wrote a commit. */
const THIRD_ADMIN: TestPersona = { id: 'sync-third', email: 'sync-third@example.com', globalRole: 'admin' };

describeApi(
  'Git sync mode and concurrent checks',
  (ctx) => {
    const pass = () => runGitSyncPass(ctx().db, { intervalMs: 0, settings });
    afterEach(() => removeLinks(ctx().db));
    let second: DatabaseHandle | undefined;
    afterAll(() => second?.close());
    const secondServer = async (): Promise<Database> => {
      const { url } = ctx().database;
      if (!url) return ctx().db;
      second ??= await openDatabase({ kind: 'postgres', url, poolSize: 4 }, migrationsFolder());
      return second.db;
    };

    const filedBySync = async () => {
      const user = await gitSyncUser(ctx().db);
      return ctx().db.select().from(changeRequests).where(eq(changeRequests.requestedById, user.id));
    };

    it('files one release per new commit, requested by the service account, waiting for approvals', async () => {
      await linkTenant(ctx(), git(), 'sync', { syncMode: true });
      await pass();
      // The head equals the live state: nothing to file.
      expect(await filedBySync()).toEqual([]);
      const base = await liveYaml(ctx().db);
      const first = await git().commitFile(
        'sync',
        'main',
        FILE,
        base.replace('        a: 2', '        a: 7'),
      );
      const [outcome] = await pass();
      expect(outcome?.syncRequestId).toEqual(expect.any(String));
      await pass();
      await pass();
      const filed = await filedBySync();
      expect(filed).toHaveLength(1);
      expect(filed[0]).toMatchObject({
        status: 'pending',
        title: `Git sync: ${FILE} at ${first.slice(0, 12)}`,
      });
      const user = await gitSyncUser(ctx().db);
      expect(user).toMatchObject({ kind: 'service', name: 'Git sync' });

      const second = await git().commitFile(
        'sync',
        'main',
        FILE,
        base.replace('        a: 2', '        a: 8'),
      );
      await pass();
      await pass();
      const after = await filedBySync();
      expect(after).toHaveLength(2);
      expect(after.map((r) => r.title)).toContain(`Git sync: ${FILE} at ${second.slice(0, 12)}`);
    });

    it("a release sync files is not approved by the link's editor or a commit's author, only by another person", async () => {
      const cr = changeRequestClient(ctx);
      // Console users as the commit is filed (a session makes the persona).
      for (const persona of [SECOND_ADMIN, THIRD_ADMIN])
        await cr.call('GET', '/api/auth/me', undefined, persona);
      await linkTenant(ctx(), git(), 'sync-people', { syncMode: true });
      // Audit retention may purge the event that says who made the link; the link itself still knows.
      await ctx().db.delete(auditEvents).where(eq(auditEvents.resourceType, 'git-link'));
      await pass();
      const pusher = { name: 'Second Admin', email: SECOND_ADMIN.email.toUpperCase() };
      const yaml = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 5');
      await git().commitFile('sync-people', 'main', FILE, yaml, pusher);
      const [outcome] = await pass();
      const id = outcome?.syncRequestId;
      if (!id) throw new Error('sync filed nothing');

      // The commit's author (by e-mail, in any case) and the link's maker (TEST_ADMIN) are refused.
      const byAuthor = await cr.approve(id, SECOND_ADMIN);
      expect(byAuthor.statusCode, byAuthor.body).toBe(403);
      expect(byAuthor.json().message).toContain('You authored or committed a commit this request applies');
      const byEditor = await cr.approve(id, TEST_ADMIN);
      expect(byEditor.statusCode, byEditor.body).toBe(403);
      expect(byEditor.json().message).toContain('You set up or edited the Git link that filed this request');
      // Neither finds it waiting for them; a third administrator does, and approves it.
      const waiting = async (persona: TestPersona) =>
        (await cr.call('GET', '/api/change-requests?view=waiting&limit=100', undefined, persona))
          .json<{ id: string }[]>()
          .map((item) => item.id);
      expect(await waiting(SECOND_ADMIN)).not.toContain(id);
      expect(await waiting(TEST_ADMIN)).not.toContain(id);
      expect(await waiting(THIRD_ADMIN)).toContain(id);
      const approved = await cr.approve(id, THIRD_ADMIN);
      expect(approved.statusCode, approved.body).toBe(200);
    });

    it("a rejected release's author stays behind the next one, which applies their lines again", async () => {
      const cr = changeRequestClient(ctx);
      for (const persona of [SECOND_ADMIN, THIRD_ADMIN])
        await cr.call('GET', '/api/auth/me', undefined, persona);
      await linkTenant(ctx(), git(), 'sync-rejected', { syncMode: true });
      await pass();
      const pusher = { name: 'Second Admin', email: SECOND_ADMIN.email };
      // Earlier tests may have applied their own value of `a`.
      const live = await liveYaml(ctx().db);
      const yaml = live.replace(/ {8}a: \d+/, '        a: 11');
      expect(yaml).not.toBe(live);
      await git().commitFile('sync-rejected', 'main', FILE, yaml, pusher);
      const [first] = await pass();
      if (!first?.syncRequestId) throw new Error('sync filed nothing');
      const rejected = await cr.call(
        'POST',
        `/api/change-requests/${first.syncRequestId}/reject`,
        { comment: 'Not now' },
        THIRD_ADMIN,
      );
      expect(rejected.statusCode, rejected.body).toBe(200);

      // Someone else's commit touches only a comment: the file still holds the second admin's line.
      const other = { name: 'Outside Contributor', email: 'outside@example.org' };
      await git().commitFile('sync-rejected', 'main', FILE, `# reviewed\n${yaml}`, other);
      const [next] = await pass();
      const id = next?.syncRequestId;
      if (!id) throw new Error('sync filed nothing for the second commit');
      const byAuthor = await cr.approve(id, SECOND_ADMIN);
      expect(byAuthor.statusCode, byAuthor.body).toBe(403);
      expect(byAuthor.json().message).toContain('You authored or committed a commit this request applies');
      expect((await cr.approve(id, THIRD_ADMIN)).statusCode).toBe(200);

      // Applied: the file is live at that commit, and a later commit's release names only its own authors.
      await pass();
      await git().commitFile(
        'sync-rejected',
        'main',
        FILE,
        `# reviewed\n${yaml.replace('a: 11', 'a: 12')}`,
        other,
      );
      const [third] = await pass();
      if (!third?.syncRequestId) throw new Error('sync filed nothing for the third commit');
      expect((await cr.approve(third.syncRequestId, SECOND_ADMIN)).statusCode).toBe(200);
    });

    it('a link is made, edited and removed by a person only: an API token may read links', async () => {
      const owner = tenantMember('gs-token', 'owner');
      const bearer = { authorization: await bearerTokenFor(ctx().db, owner) };
      await git().createRepo('by-token');
      const made = await ctx().inject({
        method: 'POST',
        url: '/api/git-links',
        headers: { cookie: '', ...bearer },
        payload: { tenantId: TENANT, repoUrl: git().url('by-token'), path: FILE, syncMode: true },
      });
      expect(made.statusCode, made.body).toBe(403);
      expect(made.json().message).toBe(TOKEN_MESSAGES.gitLinks);
      const link = await linkTenant(ctx(), git(), 'token-edit');
      const edit = await ctx().inject({
        method: 'PATCH',
        url: `/api/git-links/${link.id}`,
        headers: { cookie: '', ...bearer },
        payload: { syncMode: true },
      });
      expect(edit.statusCode, edit.body).toBe(403);
      const read = await ctx().inject({
        method: 'GET',
        url: '/api/git-links',
        headers: { cookie: '', ...bearer },
      });
      expect(read.statusCode).toBe(200);
    });

    it("sync mode goes off on a link whose editor's credentials end, audited", async () => {
      const owner = tenantMember('gs-editor', 'owner');
      const link = await linkTenant(ctx(), git(), 'editor-reset');
      const edited = await ctx().inject({
        method: 'PATCH',
        url: `/api/git-links/${link.id}`,
        headers: { cookie: await sessionCookieFor(ctx().db, owner) },
        payload: { syncMode: true },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const reset = await ctx().inject({
        method: 'POST',
        url: `/api/users/${owner.id}/password`,
        payload: { password: 'a-long-and-unusual-passphrase-42' },
      });
      expect(reset.statusCode, reset.body).toBe(204);
      expect((await linkRow(ctx().db, link.id)).syncMode).toBe(false);
      const events = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.resourceId, link.id), eq(auditEvents.action, 'git_link.update')));
      expect(events.map((event) => JSON.parse(event.changes ?? 'null'))).toContainEqual(
        expect.objectContaining({ after: { syncMode: false }, reason: 'password reset' }),
      );
    });

    it('two checks of one link at once record one finding and one drift.detected event', async () => {
      const link = await linkTenant(ctx(), git(), 'race');
      await git().commitFile(
        'race',
        'main',
        FILE,
        (await liveYaml(ctx().db)).replace(/ {8}a: \d+/, '        a: 9'),
      );
      const row = await linkRow(ctx().db, link.id);
      // On PostgreSQL the second check runs on a pool of its own, as a second server process would.
      const other = await secondServer();
      const outcomes = await Promise.all([
        checkLink(ctx().db, row, settings),
        checkLink(other, row, settings),
      ]);
      expect(outcomes.map((o) => o.detected.length).sort()).toEqual([0, 1]);
      expect(await openFindings(ctx().db, link.id)).toHaveLength(1);
      expect(await driftEvents(ctx().db, link.id)).toHaveLength(1);

      // Two passes at once: the lease gives the link to one of them.
      await git().commitFile('race', 'main', FILE, await liveYaml(ctx().db));
      const passes = await Promise.all([pass(), runGitSyncPass(other, { intervalMs: 0, settings })]);
      expect(passes.map((p) => p.length).sort()).toEqual([0, 1]);
      expect(await openFindings(ctx().db, link.id)).toEqual([]);
    });
  },
  insertFixtures,
  () => ({ gitSync: settings }),
);
