import { afterEach, expect, it } from 'vitest';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor, tenantMember } from '../test/sessions';
import { TEST_SEND, webhookTestKit } from '../test/webhook-kit';
import { runGitSyncPass } from './pass';
import { FILE, gitServerForSuite, linkTenant, liveYaml, loopbackSettings, removeLinks } from './test-kit';

/* A new drift finding is the webhook event drift.detected, sent to the tenant's subscribers. */

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
  },
  insertFixturesWithoutApprovals,
  () => ({ gitSync: settings, webhooks: TEST_SEND }),
);
