import { afterEach, expect, it } from 'vitest';
import type { GitLink } from '../../contract/git-links';
import { exportPlatform, parseDocument, serializeDocument } from '../config-as-code';
import { NO_ALLOWANCE } from '../delivery/probes/address-policy';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { runGitSyncPass } from './pass';
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
} from './test-kit';

/* Drift against a real Git server (git http-backend): Git moves, the console moves, the pass reports both. */

const settings = loopbackSettings();
const git = gitServerForSuite();
const pass = (ctx: { db: Parameters<typeof runGitSyncPass>[0] }) =>
  runGitSyncPass(ctx.db, { intervalMs: 0, settings });

describeApi(
  'Git drift',
  (ctx) => {
    afterEach(() => removeLinks(ctx().db));

    it('a commit that changes a configuration is reported by the pass once, with its diff and commit', async () => {
      const link = await linkTenant(ctx(), git(), 'drift-commit');
      const [first] = await pass(ctx());
      expect(first?.link.lastError ?? null).toBeNull();
      expect(first?.detected).toEqual([]);
      const edited = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 3');
      const commit = await git().commitFile('drift-commit', 'main', FILE, edited);

      const [second] = await pass(ctx());
      expect(second?.detected).toHaveLength(1);
      const [finding] = await openFindings(ctx().db, link.id);
      expect(finding).toMatchObject({ resourceType: 'configuration', commit, prune: false });
      expect(finding?.resourceKey).toContain('us-east-1');
      expect(finding?.diff).toContain('3');
      expect(await driftEvents(ctx().db, link.id)).toHaveLength(1);

      // Still there at the next pass: kept, last seen moves, no second event.
      await pass(ctx());
      const [kept] = await openFindings(ctx().db, link.id);
      expect(kept?.id).toBe(finding?.id);
      expect((kept?.lastSeenAt ?? '') >= (finding?.lastSeenAt ?? '')).toBe(true);
      expect(await driftEvents(ctx().db, link.id)).toHaveLength(1);
      expect((await linkRow(ctx().db, link.id)).lastSeenCommit).toBe(commit);

      // Git back to the live state: the finding resolves as gone.
      await git().commitFile('drift-commit', 'main', FILE, await liveYaml(ctx().db));
      await pass(ctx());
      expect(await openFindings(ctx().db, link.id)).toEqual([]);
      const drift = await ctx().get(`/api/git-links/${link.id}/drift?state=resolved`);
      expect(drift.json()).toEqual([expect.objectContaining({ id: finding?.id, resolution: 'gone' })]);
      expect(drift.headers['x-total-count']).toBe('1');
    });

    it('an edit in the console is drift from Git, shown on the link and in the tenant’s "Managed in Git"', async () => {
      const link = await linkTenant(ctx(), git(), 'drift-console');
      await pass(ctx());
      const edit = await ctx().inject({
        method: 'PATCH',
        url: '/api/web-apps/app-1',
        payload: { description: 'Edited in the console' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const check = await ctx().inject({ method: 'POST', url: `/api/git-links/${link.id}/check` });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toMatchObject({ detected: 1, link: { openFindings: 1, lastError: null } });
      const [finding] = await openFindings(ctx().db, link.id);
      expect(finding).toMatchObject({ resourceType: 'web_app' });
      const managed = await ctx().get('/api/tenants/tenant-001/git-link');
      expect(managed.json<{ link: GitLink }>().link).toMatchObject({ id: link.id, openFindings: 1 });
      expect(managed.body).not.toContain(git().readToken);
    });

    it('Revert of the whole link applies Git’s file where no approval is needed; every finding it covered resolves as reverted', async () => {
      const link = await linkTenant(ctx(), git(), 'drift-revert-link');
      const edited = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 6');
      await git().commitFile('drift-revert-link', 'main', FILE, edited);
      const edit = await ctx().inject({
        method: 'PATCH',
        url: '/api/web-apps/app-1',
        payload: { description: 'Not in Git' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await pass(ctx());
      const findings = await openFindings(ctx().db, link.id);
      expect(findings.map((f) => f.resourceType).sort()).toEqual(['configuration', 'web_app']);
      const revert = await ctx().inject({
        method: 'POST',
        url: `/api/drift/${findings[0]?.id ?? ''}/revert`,
        payload: { scope: 'link' },
      });
      expect(revert.statusCode, revert.body).toBe(200);
      expect(revert.json()).toMatchObject({ applied: true });
      expect(await liveYaml(ctx().db)).toBe(edited);
      await pass(ctx());
      const resolved = (await ctx().get(`/api/git-links/${link.id}/drift?state=resolved`)).json<
        { resolution: string }[]
      >();
      expect(resolved.map((f) => f.resolution)).toEqual(['reverted', 'reverted']);
    });

    it('keeps the platform too: its export checks clean, an edit in Git is drift, a tenant file is refused', async () => {
      const platformYaml = serializeDocument(await ctx().db.transaction((tx) => exportPlatform(tx)), 'yaml');
      await git().createRepo('platform');
      await git().commitFile('platform', 'main', 'platform.yaml', platformYaml);
      await git().commitFile('platform', 'main', FILE, await liveYaml(ctx().db));
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/git-links',
        payload: { tenantId: null, repoUrl: git().url('platform'), path: FILE, accessToken: git().readToken },
      });
      expect(res.statusCode, res.body).toBe(201);
      const link = res.json<GitLink>();
      const [wrongKind] = await pass(ctx());
      expect(wrongKind?.link.lastError).toBe(`${FILE} is a Tenant document; this link keeps a platform`);
      const moved = await ctx().inject({
        method: 'PATCH',
        url: `/api/git-links/${link.id}`,
        payload: { path: 'platform.yaml' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const [clean] = await pass(ctx());
      expect(clean).toMatchObject({ detected: [], link: { lastError: null } });
      const doc = parseDocument(platformYaml, 'yaml');
      if (doc.kind !== 'Platform') throw new Error('not a platform document');
      const [capability] = doc.spec.capabilities;
      if (!capability) throw new Error('no capability in the fixtures');
      capability.description = 'Described in Git';
      await git().commitFile('platform', 'main', 'platform.yaml', serializeDocument(doc, 'yaml'));
      const [drift] = await pass(ctx());
      expect(drift?.detected).toHaveLength(1);
      expect(drift?.detected[0]).toMatchObject({ resourceKey: capability.name });
    });

    it('a wrong token, a missing file or a refused address is the link’s last error, never a 500', async () => {
      const link = await linkTenant(ctx(), git(), 'drift-errors', { accessToken: 'wrong' });
      const check = await ctx().inject({ method: 'POST', url: `/api/git-links/${link.id}/check` });
      expect(check.statusCode).toBe(200);
      expect(check.json<{ link: GitLink }>().link.lastError).toBe(
        'The repository refused the access token (HTTP 401)',
      );
      const token = await ctx().inject({
        method: 'PATCH',
        url: `/api/git-links/${link.id}`,
        payload: { accessToken: git().readToken, path: 'tenants/missing.yaml' },
      });
      expect(token.statusCode, token.body).toBe(200);
      const [missing] = await pass(ctx());
      expect(missing?.link.lastError).toMatch(/^No file tenants\/missing\.yaml on main at [0-9a-f]{12}$/);
      const refused = await runGitSyncPass(ctx().db, {
        intervalMs: 0,
        settings: { ...settings, allowance: NO_ALLOWANCE },
      });
      expect(refused[0]?.link.lastError).toMatch(/loopback/);
    });
  },
  insertFixturesWithoutApprovals,
  () => ({ gitSync: settings }),
);
