import { eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { DriftAdopt } from '../../contract/git-links';
import { loadViewer } from '../auth/viewer';
import { parseDocument, planDocument } from '../config-as-code';
import { changeRequests, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, type TestPersona } from '../test/sessions';
import { runGitSyncPass } from './pass';
import {
  FILE,
  gitServerForSuite,
  linkTenant,
  liveYaml,
  loopbackSettings,
  openFindings,
  removeLinks,
  TENANT,
} from './test-kit';

/* Revert and Adopt round trips against a real Git server, with the approval policies as they are. */

const settings = loopbackSettings();
const git = gitServerForSuite();
const APPROVER: TestPersona = { id: 'second-admin', email: 'second-admin@example.com', globalRole: 'admin' };

describeApi(
  'Drift remedies',
  (ctx) => {
    const pass = () => runGitSyncPass(ctx().db, { intervalMs: 0, settings });
    afterEach(() => removeLinks(ctx().db));

    it('Revert files Git’s state of the resource as a request; once approved and applied, the finding resolves as reverted', async () => {
      const link = await linkTenant(ctx(), git(), 'revert');
      const edited = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 5');
      await git().commitFile('revert', 'main', FILE, edited);
      await pass();
      const [finding] = await openFindings(ctx().db, link.id);
      if (!finding) throw new Error('no finding');

      const revert = await ctx().inject({
        method: 'POST',
        url: `/api/drift/${finding.id}/revert`,
        payload: {},
      });
      expect(revert.statusCode, revert.body).toBe(200);
      const { requestId, applied } = revert.json<{ requestId: string; applied: boolean }>();
      // Production needs one approval: filed, waiting.
      expect(applied).toBe(false);
      const [request] = await ctx().db.select().from(changeRequests).where(eq(changeRequests.id, requestId));
      expect(request).toMatchObject({ status: 'pending', requestedById: 'test-admin' });

      const approverCookie = await sessionCookieFor(ctx().db, APPROVER);
      const approve = await ctx().inject({
        method: 'POST',
        url: `/api/change-requests/${requestId}/approve`,
        payload: {},
        headers: { cookie: approverCookie },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(await liveYaml(ctx().db)).toBe(edited);

      await pass();
      expect(await openFindings(ctx().db, link.id)).toEqual([]);
      const resolved = await ctx().get(`/api/git-links/${link.id}/drift?state=all`);
      expect(resolved.json()).toEqual([
        expect.objectContaining({ id: finding.id, resolution: 'reverted', revertRequestId: requestId }),
      ]);
      const again = await ctx().inject({
        method: 'POST',
        url: `/api/drift/${finding.id}/revert`,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
    });

    it('Adopt pushes the live state to a new branch whose file plans to no change; without write access it answers the file', async () => {
      const link = await linkTenant(ctx(), git(), 'adopt', {
        accessToken: git().writeToken,
        writeAccess: true,
      });
      await pass();
      const edit = await ctx().inject({
        method: 'PATCH',
        url: '/api/web-apps/app-1',
        payload: { description: 'Adopted from the console' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await pass();
      const [finding] = await openFindings(ctx().db, link.id);
      if (!finding) throw new Error('no finding');

      const adopt = await ctx().inject({ method: 'POST', url: `/api/drift/${finding.id}/adopt` });
      expect(adopt.statusCode, adopt.body).toBe(200);
      const adopted = adopt.json<DriftAdopt>();
      expect(adopted).toMatchObject({ pushed: true, path: FILE, content: null });
      expect(adopted.branch).toMatch(/^resource-manager\/adopt-/);
      const branch = adopted.branch ?? '';
      expect(await git().head('adopt', branch)).toBe(adopted.commit);
      const text = await git().readFile('adopt', branch, FILE);
      expect(text).toContain('Adopted from the console');
      const [admin] = await ctx().db.select().from(users).where(eq(users.id, 'test-admin'));
      if (!admin) throw new Error('no admin');
      const viewer = await loadViewer(ctx().db, { ...admin, avatarUrl: null }, 'test');
      const plan = await planDocument(ctx().db, viewer, parseDocument(text ?? '', 'yaml'), {
        tenantId: TENANT,
      });
      expect(plan.summary).toMatchObject({ changes: 0, prune: 0 });

      // The branch merged: the finding resolves as adopted.
      await git().commitFile('adopt', 'main', FILE, text ?? '');
      await pass();
      const [resolved] = (await ctx().get(`/api/git-links/${link.id}/drift?state=resolved`)).json<
        { resolution: string }[]
      >();
      expect(resolved?.resolution).toBe('adopted');

      // Read-only: the file to commit instead of a push.
      await ctx().inject({ method: 'PATCH', url: '/api/web-apps/app-1', payload: { description: 'Again' } });
      await pass();
      const [next] = await openFindings(ctx().db, link.id);
      const edit2 = await ctx().inject({
        method: 'PATCH',
        url: `/api/git-links/${link.id}`,
        payload: { writeAccess: false },
      });
      expect(edit2.statusCode, edit2.body).toBe(200);
      const file = await ctx().inject({ method: 'POST', url: `/api/drift/${next?.id ?? ''}/adopt` });
      expect(file.json<DriftAdopt>()).toMatchObject({ pushed: false, branch: null, format: 'yaml' });
      expect(file.json<DriftAdopt>().content).toContain('description: Again');
    });
  },
  insertFixtures,
  () => ({ gitSync: settings }),
);
