import { afterEach, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/events';
import { SseClient } from '../test/sse-client';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor, tenantMember } from '../test/sessions';
import { TEST_SEND, webhookTestKit } from '../test/webhook-kit';
import { runGitSyncPass } from './pass';
import { FILE, gitServerForSuite, linkTenant, liveYaml, loopbackSettings, removeLinks } from './test-kit';

/* A new drift finding is the webhook event drift.detected, sent to the tenant's subscribers, and a live update for its members. */

const settings = loopbackSettings();
const git = gitServerForSuite();

describeApi(
  'drift.detected webhook',
  (ctx) => {
    const { passUntil, receiver, subscribe } = webhookTestKit(ctx);
    afterEach(() => removeLinks(ctx().db));

    it("a tenant owner's subscription to drift.detected receives the finding, once", async () => {
      const owner = await sessionCookieFor(ctx().db, tenantMember('dw', 'owner'));
      const { res } = await subscribe({ tenantId: 'tenant-001', eventTypes: ['drift.detected'] }, owner);
      expect(res.statusCode, res.body).toBe(201);
      const link = await linkTenant(ctx(), git(), 'drift-webhook');
      const edited = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 4');
      await git().commitFile('drift-webhook', 'main', FILE, edited);
      await runGitSyncPass(ctx().db, { intervalMs: 0, settings });
      await runGitSyncPass(ctx().db, { intervalMs: 0, settings });

      expect(await passUntil(() => receiver().accepted().length >= 1)).toBe(true);
      await passUntil(() => false);
      const delivered = receiver().accepted();
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({
        type: 'drift.detected',
        data: {
          action: 'git_link.drift_detected',
          resourceType: 'git-link',
          resourceId: link.id,
          tenantId: 'tenant-001',
          changes: { finding: { resourceType: 'configuration', prune: false }, path: FILE },
        },
      });
    });

    it("reaches the tenant's members on the live stream, and no one of another tenant", async () => {
      const base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const memberA = await sessionCookieFor(ctx().db, tenantMember('dl', 'member'));
      const memberB = await sessionCookieFor(ctx().db, {
        id: 'dl-b',
        email: 'dl-b@example.com',
        roles: { 'tenant-002': 'member' },
      });
      const a = new SseClient(`${base}${LIVE_EVENTS_PATH}`, { cookie: memberA });
      const b = new SseClient(`${base}${LIVE_EVENTS_PATH}`, { cookie: memberB });
      try {
        await a.next((f) => f.event === 'ready');
        await b.next((f) => f.event === 'ready');
        const link = await linkTenant(ctx(), git(), 'drift-live');
        const edited = (await liveYaml(ctx().db)).replace('        a: 2', '        a: 11');
        await git().commitFile('drift-live', 'main', FILE, edited);
        await runGitSyncPass(ctx().db, { intervalMs: 0, settings });
        const frame = await a.next(
          (f) => f.event === 'change' && (f.data ?? '').includes('git_link.drift_detected'),
        );
        expect(JSON.parse(frame.data ?? '{}')).toMatchObject({
          resourceType: 'git-link',
          resourceId: link.id,
          tenantId: 'tenant-001',
        });
        // An edit of B's tenant after it: once B has that, it would have had the drift event before it.
        const edit = await ctx().inject({
          method: 'PATCH',
          url: '/api/tenants/tenant-002',
          payload: { description: 'after the drift' },
        });
        expect(edit.statusCode, edit.body).toBe(200);
        await b.next((f) => f.event === 'change' && (f.data ?? '').includes('tenant-002'));
        expect(b.changes().filter((c) => c.action.startsWith('git_link.'))).toEqual([]);
      } finally {
        a.close();
        b.close();
      }
    });
  },
  insertFixturesWithoutApprovals,
  () => ({ gitSync: settings, webhooks: TEST_SEND }),
);
