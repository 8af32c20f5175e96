import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema } from '../../contract/changes';
import { localTimeOf } from '../../contract/time-zone';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import type { TestPersona } from '../test/sessions';
import { runDueChanges } from './scheduler';

const DEVELOPER: TestPersona = {
  id: 'rs-dev',
  email: 'rs-dev@example.com',
  roles: { 'tenant-001': 'developer' },
};
const OWNER: TestPersona = {
  id: 'rs-owner',
  email: 'rs-owner@example.com',
  roles: { 'tenant-001': 'owner' },
};
const TENANT_ADMIN: TestPersona = {
  id: 'rs-admin',
  email: 'rs-admin@example.com',
  roles: { 'tenant-001': 'admin' },
};

const HOUR = 3_600_000;
/** A schedule `hours` from now, in UTC. */
const inHours = (hours: number) => ({
  localTime: localTimeOf(new Date(Date.now() + hours * HOUR).toISOString(), 'UTC'),
  timeZone: 'UTC',
});

describeApi(
  'change requests: moving an approved time',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const reschedule = (id: string, hours: number, persona = DEVELOPER) =>
      cr.call('POST', `/api/change-requests/${id}/schedule`, { schedule: inHours(hours) }, persona);
    const detail = async (id: string) => changeRequestDetailSchema.parse((await cr.detail(id)).json());
    const auditOf = async (id: string) =>
      (await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, id))).map((e) => e.action);

    /** A production change by the developer for `hours` from now, approved by the owner: scheduled. */
    const approvedFor = async (hours: number, configuration: string) => {
      const id = await cr.request(productionConfigurationChange(configuration), DEVELOPER, {
        schedule: inHours(hours),
      });
      const approved = await cr.approve(id, OWNER);
      expect(approved.json().status).toBe('scheduled');
      return id;
    };

    it('moved earlier by the requester alone, an approved change waits for approval again', async () => {
      const id = await approvedFor(48, '{"moved":"earlier"}');
      const moved = await reschedule(id, 0.1);
      expect(moved.statusCode).toBe(200);
      const after = await detail(id);
      expect(after).toMatchObject({ status: 'pending', approvals: 0 });
      const reopened = after.events.at(-1);
      expect(reopened).toMatchObject({ kind: 'reopen', author: DEVELOPER.email, round: 2 });
      expect(reopened?.body).toMatch(/earlier than the approved time/);
      expect(await auditOf(id)).toContain('change_request.reopen');
      // Its time comes: nothing applies without a new approval.
      expect(await runDueChanges(ctx().db, new Date(Date.now() + HOUR))).toBe(0);
      expect((await detail(id)).status).toBe('pending');
      // The developer cannot approve it; another person approves the new time, and then it applies.
      expect((await cr.approve(id, DEVELOPER)).statusCode).toBe(403);
      expect((await cr.approve(id, TENANT_ADMIN)).json().status).toBe('scheduled');
      expect(await runDueChanges(ctx().db, new Date(Date.now() + HOUR))).toBe(1);
      expect((await detail(id)).status).toBe('applied');
    });

    it('moved later within 24 hours an approval stands; further than that it is asked for again', async () => {
      const id = await approvedFor(30, '{"moved":"later"}');
      expect((await reschedule(id, 53)).statusCode).toBe(200);
      const within = await detail(id);
      expect(within).toMatchObject({ status: 'scheduled', approvals: 1 });
      expect(within.events.at(-1)).toMatchObject({ kind: 'schedule', round: 1 });

      expect((await reschedule(id, 78)).statusCode).toBe(200);
      const beyond = await detail(id);
      expect(beyond).toMatchObject({ status: 'pending', approvals: 0 });
      expect(beyond.events.at(-1)?.body).toMatch(/more than 24 hours later than the approved time/);
      expect((await cr.cancel(id, DEVELOPER)).statusCode).toBe(200);
    });

    it('moves within 24 hours do not add up: each is measured from the approved time, not the last move', async () => {
      const id = await approvedFor(30, '{"moved":"in steps"}');
      expect((await reschedule(id, 53)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'scheduled', approvals: 1 });
      // 23 hours after the last move, 46 after the time the owner approved.
      expect((await reschedule(id, 76)).statusCode).toBe(200);
      const stepped = await detail(id);
      expect(stepped).toMatchObject({ status: 'pending', approvals: 0 });
      expect(stepped.events.at(-1)).toMatchObject({ kind: 'reopen', round: 2 });
      expect(stepped.events.at(-1)?.body).toMatch(/more than 24 hours later than the approved time/);
      // The new round's approval holds for its own time.
      expect((await cr.approve(id, OWNER)).json().status).toBe('scheduled');
      expect((await reschedule(id, 90)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'scheduled', approvals: 1 });
      expect((await cr.cancel(id, DEVELOPER)).statusCode).toBe(200);
    });

    it('an approval given for "when approved" stands only for a time within 24 hours', async () => {
      const twoApprovals = { requiredApprovals: { development: 0, uat: 0, production: 2 } };
      expect((await cr.call('PUT', '/api/tenants/tenant-001/approval-policy', twoApprovals)).statusCode).toBe(
        200,
      );
      const id = await cr.request(productionConfigurationChange('{"moved":"from now"}'), DEVELOPER);
      expect((await cr.approve(id, OWNER)).json()).toMatchObject({ status: 'pending', approvals: 1 });
      expect((await reschedule(id, 2)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'pending', approvals: 1 });
      expect((await reschedule(id, 40)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'pending', approvals: 0 });
      // A request nobody approved yet has nothing to lose: moving it starts no round.
      expect((await reschedule(id, 1)).statusCode).toBe(200);
      expect((await detail(id)).events.at(-1)).toMatchObject({ kind: 'schedule', round: 2 });
    });

    it('with two approvals, a time earlier than the one the second approver saw asks for approval again', async () => {
      const twoApprovals = { requiredApprovals: { development: 0, uat: 0, production: 2 } };
      const policy = '/api/tenants/tenant-001/approval-policy';
      expect((await cr.call('PUT', policy, twoApprovals)).statusCode).toBe(200);
      const id = await cr.request(productionConfigurationChange('{"moved":"between approvals"}'), DEVELOPER, {
        schedule: inHours(30),
      });
      expect((await cr.approve(id, OWNER)).json()).toMatchObject({ status: 'pending', approvals: 1 });
      expect((await reschedule(id, 40)).statusCode).toBe(200);
      expect((await cr.approve(id, TENANT_ADMIN)).json()).toMatchObject({
        status: 'scheduled',
        approvals: 2,
      });
      // Within what the owner approved (30 h, up to 54), but earlier than what the admin saw (40 h).
      expect((await reschedule(id, 35)).statusCode).toBe(200);
      const moved = await detail(id);
      expect(moved).toMatchObject({ status: 'pending', approvals: 0 });
      expect(moved.events.at(-1)?.body).toMatch(/earlier than the approved time/);
      expect((await cr.cancel(id, DEVELOPER)).statusCode).toBe(200);
    });

    it('an approval given with no time holds for 24 hours from that approval, however the time is moved', async () => {
      const twoApprovals = { requiredApprovals: { development: 0, uat: 0, production: 2 } };
      const policy = '/api/tenants/tenant-001/approval-policy';
      expect((await cr.call('PUT', policy, twoApprovals)).statusCode).toBe(200);
      const id = await cr.request(productionConfigurationChange('{"moved":"from the approval"}'), DEVELOPER);
      expect((await cr.approve(id, OWNER)).json()).toMatchObject({ status: 'pending', approvals: 1 });
      expect((await reschedule(id, 20)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'pending', approvals: 1 });
      // 10 hours after the last move, but 30 after the approval.
      expect((await reschedule(id, 30)).statusCode).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'pending', approvals: 0 });
      expect((await cr.cancel(id, DEVELOPER)).statusCode).toBe(200);
    });
  },
  insertFixtures,
);
