import { afterAll, beforeAll, expect, it } from 'vitest';
import { runRollouts } from '../delivery/rollouts/runner';
import { capabilitySubscriptions } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { capabilityWithTwoSlots, rolloutReader } from '../test/rollouts';
import { TEST_ADMIN } from '../test/sessions';
import { setSlotHealth } from '../test/slot-health';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver';
import { ensureOutbox } from './outbox';
import { smtpMailer, type Mailer } from './transport';
import { runEmailPass } from './worker';

const SETTINGS = { publicUrl: 'http://console.test', retryBaseMs: 0, retryForMs: 3600_000, leaseMs: 60_000 };

describeApi(
  'e-mail when a rollout rolls back',
  (ctx) => {
    let smtp: SmtpReceiver;
    let mailer: Mailer;
    beforeAll(async () => {
      smtp = await startSmtpReceiver();
      mailer = smtpMailer(smtp.url, 'rm@example.com');
      await ensureOutbox(ctx().db);
    });
    afterAll(async () => {
      mailer.close();
      await smtp.close();
    });

    it("mails who started it and the owners of the capability's subscribing tenants", async () => {
      const id = await capabilityWithTwoSlots(ctx, 'Mailed rollback');
      // tenant-001 (owner: Alice) uses the capability; Bob is only a developer there.
      await ctx().db.insert(capabilitySubscriptions).values({
        tenantId: 'tenant-001',
        capabilityId: id,
        environment: 'development',
        region: 'us-east-1',
      });
      const switched = await ctx().inject({
        method: 'POST',
        url: '/api/capability-deployments/switch',
        payload: { capabilityId: id, environment: 'development', progressive: { steps: [10, 50, 100] } },
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const rollout = await rolloutReader(ctx, 'capability', id, 'development').current();
      await setSlotHealth(
        ctx().db,
        { resourceType: 'capability', resourceId: id, environment: 'development', slot: 'green' },
        'unhealthy',
        'HTTP 503',
      );
      expect(await runRollouts(ctx().db, new Date(Date.parse(rollout.startedAt) + 1000))).toBe(1);
      while ((await runEmailPass(ctx().db, mailer, SETTINGS)) > 0);

      const subject = 'Rollout rolled back: Mailed rollback (capability)';
      for (const address of [TEST_ADMIN.email, 'alice@acme.io']) {
        expect(
          smtp.to(address).map((m) => m.subject),
          address,
        ).toEqual([subject]);
      }
      const [mail] = smtp.to('alice@acme.io');
      expect(mail?.text).toContain('Reason: Rolled back: green slot turned unhealthy (HTTP 503)');
      expect(mail?.text).toContain('http://console.test/deployments');
      expect(smtp.to('bob@globex.io')).toEqual([]);
    });
  },
  insertFixturesWithoutApprovals,
);
