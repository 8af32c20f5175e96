import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { NOTIFICATION_PREFERENCES_PATH } from '../../contract/notification-preferences';
import { auditEvents, changeRequests, emailDeliveries, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange, SECOND_ADMIN } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { startSmtpReceiver, type SmtpReceiver } from '../test/smtp-receiver';
import { ensureOutbox } from './outbox';
import type { EmailSettings } from './settings';
import { emailMetric } from './start-email';
import { smtpMailer, type Mailer } from './transport';
import { runEmailPass } from './worker';

const FROM = 'Resource Manager <rm@example.com>';

describeApi(
  'e-mail notifications',
  (ctx) => {
    let smtp: SmtpReceiver;
    let mailer: Mailer;
    let settings: EmailSettings;
    const client = changeRequestClient(ctx);
    /** Passes until the mailer has nothing left (each pass handles what is due). */
    const drain = async () => {
      for (let pass = 0; pass < 10; pass += 1)
        if ((await runEmailPass(ctx().db, mailer, settings)) === 0) return;
    };
    const file = async (configuration: string, persona = TEST_ADMIN) => {
      const id = await client.request(productionConfigurationChange(configuration), persona);
      const title: string = (await client.detail(id)).json().title;
      return { id, title };
    };
    const setEmailSwitch = async (on: boolean) => {
      const current = (await ctx().get('/api/settings')).json();
      const res = await ctx().inject({
        method: 'PUT',
        url: '/api/settings',
        payload: {
          accountEmail: current.accountEmail,
          organization: current.organization,
          emailNotifications: on,
          autoScaling: current.autoScaling,
          maintenanceMode: current.maintenanceMode,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeAll(async () => {
      smtp = await startSmtpReceiver();
      mailer = smtpMailer(smtp.url, FROM);
      settings = {
        publicUrl: 'http://console.test',
        retryBaseMs: 0,
        retryForMs: 3600_000,
        leaseMs: 60_000,
        observe: emailMetric(ctx().app.metrics.registry),
      };
      await sessionCookieFor(ctx().db, SECOND_ADMIN);
      await ensureOutbox(ctx().db);
    });
    afterAll(async () => {
      mailer.close();
      await smtp.close();
    });
    beforeEach(async () => {
      await drain();
      smtp.reset();
    });

    it('mails the reviewers who may approve a filed request, never its requester, with a link to it', async () => {
      const { id, title } = await file('{"mail":1}');
      await drain();
      const [mail, ...more] = smtp.to(SECOND_ADMIN.email);
      expect(more).toEqual([]);
      expect(mail?.from).toBe('"Resource Manager" <rm@example.com>');
      expect(mail?.subject).toBe(`Review requested: ${title}`);
      expect(mail?.text).toContain(`${TEST_ADMIN.email} asks for a review`);
      expect(mail?.text).toContain(`http://console.test/changes/${id}`);
      // Alice is an administrator and tenant-001's owner; Bob (a developer there) may not approve.
      expect(smtp.to('alice@acme.io')).toHaveLength(1);
      expect(smtp.to('bob@globex.io')).toEqual([]);
      expect(smtp.to(TEST_ADMIN.email)).toEqual([]);
      const metrics = (await ctx().app.metrics.exposition()).body;
      expect(metrics).toMatch(/email_sent_total\{result="sent"\} [1-9]/);
    });

    it('keeps a title on one line: a new one with a line break is refused, an old one is flattened', async () => {
      const change = productionConfigurationChange('{"mail":"title"}');
      const refused = await client.call('POST', '/api/change-requests', {
        change,
        title: 'Raise limits\nApprove at once: http://evil.test',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0]).toMatchObject({ path: 'body.title', message: /one line/ });

      // A title stored before the rule: it may not pass for the message's own lines.
      const id = await client.request(change);
      await ctx()
        .db.update(changeRequests)
        .set({ title: 'Raise limits\r\nApprove at once: http://evil.test' })
        .where(eq(changeRequests.id, id));
      await drain();
      const [mail] = smtp.to(SECOND_ADMIN.email);
      expect(mail?.subject).toBe('Review requested: Raise limits Approve at once: http://evil.test');
      expect(mail?.text).toContain('Raise limits Approve at once: http://evil.test');
      expect(mail?.text).not.toMatch(/^Approve at once/m);
    });

    it("tells the requester of their request's outcome, once", async () => {
      const { id, title } = await file('{"mail":2}');
      await drain();
      smtp.reset();
      expect((await client.approve(id)).statusCode).toBe(200);
      await drain();
      await drain();
      const subjects = smtp.to(TEST_ADMIN.email).map((m) => m.subject);
      expect(subjects).toEqual([`Approved: ${title}`, `Applied: ${title}`]);
      expect(smtp.to(TEST_ADMIN.email)[0]?.text).toContain(
        `${SECOND_ADMIN.email} approved your change request`,
      );
      expect(smtp.to(SECOND_ADMIN.email)).toEqual([]);
    });

    it('tells the requester why their request was rejected', async () => {
      const { id, title } = await file('{"mail":8}');
      const res = await client.call(
        'POST',
        `/api/change-requests/${id}/reject`,
        { comment: 'Not in a freeze' },
        SECOND_ADMIN,
      );
      expect(res.statusCode, res.body).toBe(200);
      await drain();
      const [mail, ...more] = smtp.to(TEST_ADMIN.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(`Rejected: ${title}`);
      expect(mail?.text).toContain(`${SECOND_ADMIN.email} rejected your change request`);
      expect(mail?.text).toContain('Reason: Not in a freeze');
    });

    it('tells a requester who may no longer read the request nothing of its outcome', async () => {
      const { id } = await file('{"mail":10}');
      await drain();
      smtp.reset();
      await ctx().db.update(users).set({ globalRole: 'user' }).where(eq(users.id, TEST_ADMIN.id));
      try {
        const res = await client.call(
          'POST',
          `/api/change-requests/${id}/reject`,
          { comment: 'x' },
          SECOND_ADMIN,
        );
        expect(res.statusCode, res.body).toBe(200);
        await drain();
        expect(smtp.to(TEST_ADMIN.email)).toEqual([]);
      } finally {
        await ctx().db.update(users).set({ globalRole: 'admin' }).where(eq(users.id, TEST_ADMIN.id));
      }
    });

    it('reads past events that mail no one in one pass, however many there are', async () => {
      await ctx()
        .db.insert(auditEvents)
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            action: 'tenant.update',
            resourceType: 'tenant',
            resourceId: `tenant-${i}`,
          })),
        );
      const { title } = await file('{"mail":11}');
      expect(await runEmailPass(ctx().db, mailer, settings)).toBe(1);
      expect(smtp.to(SECOND_ADMIN.email).map((m) => m.subject)).toEqual([`Review requested: ${title}`]);
    });

    it('mails no inactive (disabled) user', async () => {
      await ctx().db.update(users).set({ status: 'inactive' }).where(eq(users.id, 'user-1'));
      try {
        await file('{"mail":9}');
        await drain();
        expect(smtp.to('alice@acme.io')).toEqual([]);
        expect(smtp.to(SECOND_ADMIN.email)).toHaveLength(1);
      } finally {
        await ctx().db.update(users).set({ status: 'active' }).where(eq(users.id, 'user-1'));
      }
    });

    it('sends nothing while Settings switch e-mail off, and nothing of then once on again', async () => {
      await setEmailSwitch(false);
      await file('{"mail":3}');
      await drain();
      await setEmailSwitch(true);
      await drain();
      expect(smtp.mails()).toEqual([]);
    });

    it('leaves out the kind a user opted out of, and only that kind', async () => {
      const cookie = await sessionCookieFor(ctx().db, SECOND_ADMIN);
      const res = await ctx().inject({
        method: 'PUT',
        url: NOTIFICATION_PREFERENCES_PATH,
        headers: { cookie, 'if-match': '"0"' },
        payload: { awaitingReview: false, myRequests: true, rolloutRolledBack: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      await file('{"mail":4}');
      await drain();
      expect(smtp.to(SECOND_ADMIN.email)).toEqual([]);
      expect(smtp.to('alice@acme.io')).toHaveLength(1);
      // Outcomes of their own requests still come.
      const mine = await file('{"mail":5}', SECOND_ADMIN);
      await drain();
      expect((await client.approve(mine.id, TEST_ADMIN)).statusCode).toBe(200);
      await drain();
      expect(smtp.to(SECOND_ADMIN.email).map((m) => m.subject)).toEqual([
        `Approved: ${mine.title}`,
        `Applied: ${mine.title}`,
      ]);
      const read = await ctx().inject({
        method: 'GET',
        url: NOTIFICATION_PREFERENCES_PATH,
        headers: { cookie },
      });
      expect(read.json()).toEqual({
        awaitingReview: false,
        myRequests: true,
        rolloutRolledBack: true,
        revision: 1,
      });
      // A stale form is refused.
      const stale = await ctx().inject({
        method: 'PUT',
        url: NOTIFICATION_PREFERENCES_PATH,
        headers: { cookie, 'if-match': '"0"' },
        payload: { awaitingReview: true, myRequests: true, rolloutRolledBack: true },
      });
      expect(stale.statusCode).toBe(412);
    });

    it('retries while the SMTP server is down and delivers once it is back, once', async () => {
      const port = smtp.port;
      await smtp.close();
      const { title } = await file('{"mail":6}');
      await runEmailPass(ctx().db, mailer, settings);
      await runEmailPass(ctx().db, mailer, settings);
      const failed = await ctx().db.select().from(emailDeliveries).where(eq(emailDeliveries.ok, false));
      expect(failed.length).toBeGreaterThan(0);
      expect(failed[0]?.attempts).toBeGreaterThanOrEqual(2);
      smtp = await startSmtpReceiver(port);
      await drain();
      await drain();
      expect(smtp.to('alice@acme.io').map((m) => m.subject)).toEqual([`Review requested: ${title}`]);
      expect(smtp.to(SECOND_ADMIN.email)).toEqual([]);
      const metrics = (await ctx().app.metrics.exposition()).body;
      expect(metrics).toMatch(/email_sent_total\{result="failed"\} [1-9]/);
    });

    it('sends from one process at a time: two passes at once mail each person once', async () => {
      await file('{"mail":7}');
      await Promise.all([runEmailPass(ctx().db, mailer, settings), runEmailPass(ctx().db, mailer, settings)]);
      await drain();
      expect(smtp.to('alice@acme.io')).toHaveLength(1);
    });
  },
  insertFixtures,
);
