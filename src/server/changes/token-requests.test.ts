import { expect, it } from 'vitest';
import { localTimeOf } from '../../contract/time-zone';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, TEST_ADMIN, tenantMember } from '../test/sessions';

/* A token looks after the change requests it filed, and only those (docs/automation.md). */

const DEVELOPER = tenantMember('tr', 'developer');
const REVIEWER = tenantMember('tr', 'admin');

const inHours = (hours: number) => ({
  localTime: localTimeOf(new Date(Date.now() + hours * 3_600_000).toISOString(), 'UTC'),
  timeZone: 'UTC',
});

describeApi(
  'change requests: what a token may do with them',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const withToken = (authorization: string, url: string, payload?: object) =>
      ctx().app.inject({ method: 'POST', url, headers: { authorization }, ...(payload ? { payload } : {}) });
    const actions = (id: string) => ({
      cancel: `/api/change-requests/${id}/cancel`,
      refresh: `/api/change-requests/${id}/refresh`,
      schedule: `/api/change-requests/${id}/schedule`,
    });
    const tryAll = async (authorization: string, id: string) => {
      const urls = actions(id);
      return {
        refresh: (await withToken(authorization, urls.refresh)).statusCode,
        schedule: (await withToken(authorization, urls.schedule, { schedule: inHours(2) })).statusCode,
        cancel: (await withToken(authorization, urls.cancel)).statusCode,
      };
    };
    const statusOf = async (id: string) => (await cr.detail(id)).json().status;

    it("refuses a reviewer's token, even a tenant-restricted admin one, on someone else's request", async () => {
      const id = await cr.request(productionConfigurationChange('{"rateLimit":11}'), DEVELOPER);
      const reviewerToken = await bearerTokenFor(ctx().db, REVIEWER, { tenantIds: ['tenant-001'] });
      const adminToken = await bearerTokenFor(ctx().db, TEST_ADMIN, { tenantIds: ['tenant-001'] });
      for (const token of [reviewerToken, adminToken]) {
        expect(await tryAll(token, id)).toEqual({ refresh: 403, schedule: 403, cancel: 403 });
      }
      const refused = await withToken(adminToken, actions(id).cancel);
      expect(refused.json().message).toMatch(/filed with this token/);
      expect(await statusOf(id)).toBe('pending');
      // A person signed in keeps a reviewer's rights over it.
      const cancelled = await cr.cancel(id, REVIEWER);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    });

    it('lets a token refresh, schedule and cancel a request it filed; another token of the same owner may not', async () => {
      const token = await bearerTokenFor(ctx().db, DEVELOPER, { name: 'pipeline' });
      const other = await bearerTokenFor(ctx().db, DEVELOPER, { name: 'laptop' });
      const filed = await withToken(token, '/api/change-requests', {
        change: productionConfigurationChange('{"rateLimit":12}'),
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const id = filed.json().id as string;
      expect(await tryAll(other, id)).toEqual({ refresh: 403, schedule: 403, cancel: 403 });
      expect(await tryAll(token, id)).toEqual({ refresh: 200, schedule: 200, cancel: 200 });
      expect(await statusOf(id)).toBe('cancelled');

      // Its owner's session files one; the owner's token does not look after it.
      const bySession = await cr.request(productionConfigurationChange('{"rateLimit":13}'), DEVELOPER);
      expect((await withToken(token, actions(bySession).cancel)).statusCode).toBe(403);
      expect((await cr.cancel(bySession, DEVELOPER)).statusCode).toBe(200);
    });

    it("shows a token's caller which of the actions it may take", async () => {
      const token = await bearerTokenFor(ctx().db, REVIEWER, { name: 'viewer' });
      const id = await cr.request(productionConfigurationChange('{"rateLimit":14}'), DEVELOPER);
      const seen = await ctx().app.inject({
        method: 'GET',
        url: `/api/change-requests/${id}`,
        headers: { authorization: token },
      });
      expect(seen.json().can).toMatchObject({
        cancel: false,
        refresh: false,
        schedule: false,
        comment: true,
      });
      expect((await cr.detail(id, REVIEWER)).json().can).toMatchObject({ cancel: true, refresh: true });
    });
  },
  insertFixtures,
);
