import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '../../contract/webhooks';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { auditEvents, userProfiles, webhookDeliveries } from '../db/schema';
import { NO_ALLOWANCE } from '../delivery/probes/address-policy';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, productionConfigurationChange } from '../test/change-requests';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN, tenantMember } from '../test/sessions';
import { verifyStandardWebhook } from '../test/webhook-receiver';
import { DELIVERY_LOG_KEEP } from './deliveries';
import { TEST_SEND, webhookTestKit } from '../test/webhook-kit';
import { runWebhookPass } from './worker';

describeApi(
  'webhooks',
  (ctx) => {
    const { receiver, settings, passUntil, subscribe } = webhookTestKit(ctx);
    const editTenant = (tenantId: string, description: string) =>
      ctx().inject({ method: 'PATCH', url: `/api/tenants/${tenantId}`, payload: { description } });
    const types = () =>
      receiver()
        .accepted()
        .map((body) => (body as { type: string }).type);

    it('signs each delivery per Standard Webhooks, verified by a reading of the specification', async () => {
      const { res, hook } = await subscribe({ eventTypes: ['audit.tenant.update'], description: 'CI' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.etag).toBe('"1"');
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      // The secret is shown once: no read answers it again.
      expect((await ctx().get(`/api/webhooks/${hook.id}`)).json()).not.toHaveProperty('secret');
      expect((await ctx().get('/api/webhooks')).json()).toEqual([
        expect.not.objectContaining({ secret: expect.anything() }),
      ]);

      expect((await editTenant('tenant-001', 'Signed')).statusCode).toBe(200);
      expect(await passUntil(() => receiver().received().length === 1)).toBe(true);
      const [delivery] = receiver().received();
      if (!delivery) throw new Error('no delivery');
      expect(verifyStandardWebhook(hook.secret, delivery.headers, delivery.body)).toBe(true);
      expect(verifyStandardWebhook(hook.secret, delivery.headers, `${delivery.body} `)).toBe(false);
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'audit.tenant.update',
        data: {
          action: 'tenant.update',
          resourceType: 'tenant',
          resourceId: 'tenant-001',
          tenantId: 'tenant-001',
          actor: { email: 'test-admin@example.com', tokenName: null },
          link: 'http://console.test/tenant/tenant-001/control-plane',
        },
      });
      const log = (await ctx().get(`/api/webhooks/${hook.id}/deliveries`)).json();
      expect(log).toEqual([
        expect.objectContaining({ ok: true, statusCode: 204, attempt: 1, eventType: 'audit.tenant.update' }),
      ]);
    });

    it('delivers in order, retrying a failing receiver with the same webhook-id until it recovers', async () => {
      const { hook } = await subscribe({ eventTypes: ['audit.tenant.update'] });
      expect(hook.id).toBeDefined();
      // The receiver fails its first five requests, then takes everything.
      receiver().answer((count) => (count <= 5 ? 500 : 204));
      for (const n of [1, 2, 3])
        expect((await editTenant('tenant-001', `Ordered ${n}`)).statusCode).toBe(200);
      expect(
        await passUntil(
          () =>
            receiver()
              .received()
              .filter((r) => r.status < 300).length >= 3,
        ),
      ).toBe(true);

      const got = receiver().received();
      const delivered = got.filter((r) => r.status < 300).map((r) => JSON.parse(r.body));
      expect(delivered.map((body) => body.data.changes.description.to)).toEqual([
        'Ordered 1',
        'Ordered 2',
        'Ordered 3',
      ]);
      // Every attempt at one event carries its id; only the first event was retried (order holds).
      const ids = got.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(3);
      expect(ids.slice(0, 6).every((id) => id === ids[0])).toBe(true);
      const log = (await ctx().get(`/api/webhooks/${hook.id}/deliveries`)).json<WebhookDelivery[]>();
      expect(log.filter((d) => !d.ok)).toHaveLength(5);
      expect(log.find((d) => d.ok && d.attempt === 6)).toBeDefined();
      const metrics = (await ctx().app.metrics.exposition()).body;
      expect(metrics).toMatch(/^webhook_deliveries_total\{kind="webhook",result="failed"\} [1-9]/m);
      expect(metrics).toMatch(/^webhook_delivery_lag_seconds_count\{kind="webhook"\} [1-9]/m);

      // Redelivered on demand: the same message id, one attempt more.
      const first = log.find((d) => d.ok);
      if (!first) throw new Error('nothing delivered');
      const again = await ctx().inject({
        method: 'POST',
        url: `/api/webhooks/${hook.id}/deliveries/${first.id}/redeliver`,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        ok: true,
        webhookId: first.webhookId,
        attempt: first.attempt + 1,
      });
      expect(receiver().received().at(-1)?.headers['webhook-id']).toBe(first.webhookId);
    });

    it('two processes passing at once send each event once', async () => {
      await subscribe({ eventTypes: ['audit.tenant.update'] });
      await subscribe({ eventTypes: ['audit.tenant.update'], description: 'second' });
      for (const n of [1, 2, 3, 4, 5]) await editTenant('tenant-001', `Once ${n}`);
      for (let pass = 0; pass < 10 && receiver().received().length < 10; pass += 1) {
        await Promise.all([runWebhookPass(ctx().db, settings()), runWebhookPass(ctx().db, settings())]);
      }
      const ids = receiver()
        .received()
        .map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
    });

    it('sends named event types, and only the types subscribed to', async () => {
      await subscribe({ eventTypes: ['change_request.filed'] });
      await editTenant('tenant-001', 'Not a change request');
      await changeRequestClient(ctx).request(productionConfigurationChange('{"limit":1}'));
      expect(await passUntil(() => types().length === 1)).toBe(true);
      await passUntil(() => false);
      expect(types()).toEqual(['change_request.filed']);
    });

    it("gives a tenant's owner its tenant's events only, and keeps platform hooks to administrators", async () => {
      const owner = await sessionCookieFor(ctx().db, tenantMember('hooks', 'owner'));
      const developer = await sessionCookieFor(ctx().db, tenantMember('hooks', 'developer'));
      const platform = await subscribe({ eventTypes: ['*'] }, owner);
      expect(platform.res.statusCode).toBe(403);
      expect((await subscribe({ eventTypes: ['*'], tenantId: 'tenant-003' }, owner)).res.statusCode).toBe(
        403,
      );
      expect((await subscribe({ eventTypes: ['*'], tenantId: 'tenant-001' }, developer)).res.statusCode).toBe(
        403,
      );
      const mine = await subscribe({ eventTypes: ['audit.tenant.update'], tenantId: 'tenant-001' }, owner);
      expect(mine.res.statusCode, mine.res.body).toBe(201);
      const admins = await subscribe({ eventTypes: ['*'] });
      // Not theirs: as if it did not exist.
      const peek = await ctx().inject({
        method: 'GET',
        url: `/api/webhooks/${admins.hook.id}`,
        headers: { cookie: owner },
      });
      expect(peek.statusCode).toBe(404);
      const listed = await ctx().inject({ method: 'GET', url: '/api/webhooks', headers: { cookie: owner } });
      expect(listed.json().map((h: { id: string }) => h.id)).toEqual([mine.hook.id]);

      await editTenant('tenant-003', 'Another tenant');
      await editTenant('tenant-001', 'Their tenant');
      await passUntil(() => false);
      const byHook = (id: string) =>
        receiver()
          .received()
          .filter((r) => String(r.headers['webhook-id']).endsWith(`_${id}`))
          .map((r) => JSON.parse(r.body).data.tenantId);
      expect(byHook(mine.hook.id)).toEqual(['tenant-001']);
      expect(byHook(admins.hook.id)).toEqual(expect.arrayContaining(['tenant-003', 'tenant-001']));
    });

    it('sends nothing more once its owner no longer manages it (a tenant owner made a member)', async () => {
      const persona = tenantMember('demoted', 'owner');
      const owner = await sessionCookieFor(ctx().db, persona);
      const mine = await subscribe({ eventTypes: ['audit.tenant.update'], tenantId: 'tenant-001' }, owner);
      expect(mine.res.statusCode, mine.res.body).toBe(201);
      const delivered = () =>
        receiver()
          .accepted()
          .map((body) => (body as { data: { changes: unknown } }).data.changes);
      await editTenant('tenant-001', 'While an owner');
      expect(await passUntil(() => delivered().length === 1)).toBe(true);

      await ctx()
        .db.update(userProfiles)
        .set({ role: 'member' })
        .where(and(eq(userProfiles.userId, persona.id), eq(userProfiles.tenantId, 'tenant-001')));
      // A member sees that the tenant changed (the live stream), never what changed: the hook sends nothing.
      await editTenant('tenant-001', 'After the demotion');
      await passUntil(() => false);
      expect(delivered()).toHaveLength(1);
      expect(JSON.stringify(delivered())).not.toContain('After the demotion');
    });

    it("switches off a user's subscriptions when an administrator resets their password, audited", async () => {
      const persona = tenantMember('reset', 'owner');
      const owner = await sessionCookieFor(ctx().db, persona);
      const mine = await subscribe({ eventTypes: ['audit.tenant.update'], tenantId: 'tenant-001' }, owner);
      expect(mine.res.statusCode, mine.res.body).toBe(201);
      const reset = await ctx().inject({
        method: 'POST',
        url: `/api/users/${persona.id}/password`,
        payload: { password: 'a-long-and-unusual-passphrase-42' },
      });
      expect(reset.statusCode, reset.body).toBe(204);
      const read = await ctx().inject({ method: 'GET', url: `/api/webhooks/${mine.hook.id}` });
      expect(read.json()).toMatchObject({ enabled: false });
      const [audited] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.resourceId, mine.hook.id), eq(auditEvents.action, 'webhook.update')));
      expect(JSON.parse(audited?.changes ?? 'null')).toMatchObject({
        after: { enabled: false },
        reason: 'password reset',
      });
      await editTenant('tenant-001', 'After the reset');
      await passUntil(() => false);
      expect(receiver().accepted()).toEqual([]);
    });

    it("also switches off a colleague's subscription the user re-aimed, not one they only described", async () => {
      const owner = await sessionCookieFor(ctx().db, tenantMember('aimed-owner', 'owner'));
      const colleague = tenantMember('aimed-admin', 'admin');
      const held = await sessionCookieFor(ctx().db, colleague);
      const subscription = () =>
        subscribe({ eventTypes: ['audit.tenant.update'], tenantId: 'tenant-001' }, owner);
      const [aimed, described] = [(await subscription()).hook, (await subscription()).hook];
      const edit = (id: string, payload: object) =>
        ctx().inject({
          method: 'PATCH',
          url: `/api/webhooks/${id}`,
          headers: { cookie: held, 'if-match': '"1"' },
          payload,
        });
      expect((await edit(aimed.id, { url: receiver().url('/elsewhere') })).statusCode).toBe(200);
      expect((await edit(described.id, { description: 'Looked at' })).statusCode).toBe(200);
      const reset = await ctx().inject({
        method: 'POST',
        url: `/api/users/${colleague.id}/password`,
        payload: { password: 'a-long-and-unusual-passphrase-42' },
      });
      expect(reset.statusCode, reset.body).toBe(204);
      const enabled = async (id: string) =>
        (await ctx().inject({ method: 'GET', url: `/api/webhooks/${id}` })).json<{ enabled: boolean }>()
          .enabled;
      expect(await enabled(aimed.id)).toBe(false);
      expect(await enabled(described.id)).toBe(true);
    });

    it('is managed by a person: an API token reads subscriptions but cannot make, aim or delete one', async () => {
      const token = await bearerTokenFor(ctx().db, TEST_ADMIN);
      const hook = await subscribe({ eventTypes: ['*'] });
      const asToken = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
        ctx().app.inject({ method, url, headers: { authorization: token }, ...(payload && { payload }) });
      const writes = [
        asToken('POST', '/api/webhooks', { url: receiver().url(), eventTypes: ['*'] }),
        asToken('PATCH', `/api/webhooks/${hook.hook.id}`, { url: 'https://receiver.example.com/hook' }),
        asToken('POST', `/api/webhooks/${hook.hook.id}/rotate-secret`),
        asToken('DELETE', `/api/webhooks/${hook.hook.id}`),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(TOKEN_MESSAGES.subscriptions);
      }
      expect((await asToken('GET', '/api/webhooks')).statusCode).toBe(200);
      expect((await asToken('GET', `/api/webhooks/${hook.hook.id}`)).json()).toMatchObject({ enabled: true });
    });

    it('refuses a loopback or metadata address at save, and at delivery when the policy does not allow it', async () => {
      for (const url of [
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/hook',
        'ftp://example.com/x',
      ]) {
        const { res } = await subscribe({ url, eventTypes: ['*'] });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues[0].path).toBe('body.url');
      }
      // Saved while loopback was allowed; the process that delivers does not allow it.
      const { hook } = await subscribe({ eventTypes: ['*'] });
      await editTenant('tenant-001', 'Refused at delivery');
      await runWebhookPass(ctx().db, settings({ allowance: NO_ALLOWANCE, retryBaseMs: 60_000 }));
      expect(receiver().received()).toEqual([]);
      const [failed] = (await ctx().get(`/api/webhooks/${hook.id}/deliveries`)).json();
      expect(failed).toMatchObject({
        ok: false,
        statusCode: null,
        error: expect.stringMatching(/^Refused: 127\.0\.0\.1 is a loopback address/),
      });
    });

    it('pauses once retries run out, tells its owners, and resumes from the failed event when enabled', async () => {
      const { hook } = await subscribe({ eventTypes: ['audit.tenant.update'] });
      receiver().answer(() => 503);
      await editTenant('tenant-001', 'Kept for later');
      await runWebhookPass(ctx().db, settings({ retryForMs: 0 }));
      const paused = (await ctx().get(`/api/webhooks/${hook.id}`)).json();
      expect(paused).toMatchObject({ pausedReason: 'Retries ran out: HTTP 503', revision: 2 });
      const told = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'webhook.pause'))
        .orderBy(asc(auditEvents.seq));
      expect(told.at(-1)).toMatchObject({ resourceId: hook.id, actorEmail: 'system' });
      // Paused: nothing is sent however often passes run.
      await runWebhookPass(ctx().db, settings());
      expect(receiver().received()).toHaveLength(1);

      receiver().answer(() => 204);
      const resumed = await ctx().inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        headers: { 'if-match': '"2"' },
        payload: { enabled: true },
      });
      expect(resumed.json()).toMatchObject({ pausedAt: null, revision: 3 });
      expect(await passUntil(() => types().length === 1)).toBe(true);
      expect(
        (receiver().accepted()[0] as { data: { changes: { description: { to: string } } } }).data.changes
          .description.to,
      ).toBe('Kept for later');
    });

    it('signs with both secrets after a rotation, so receivers switch without losing one', async () => {
      const { hook } = await subscribe({ eventTypes: ['audit.tenant.update'] });
      const rotated = await ctx().inject({ method: 'POST', url: `/api/webhooks/${hook.id}/rotate-secret` });
      expect(rotated.statusCode).toBe(201);
      const next = rotated.json<WebhookWithSecret>();
      expect(next.secret).not.toBe(hook.secret);
      await editTenant('tenant-001', 'Rotated');
      expect(await passUntil(() => receiver().received().length === 1)).toBe(true);
      const [delivery] = receiver().received();
      if (!delivery) throw new Error('no delivery');
      expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyStandardWebhook(next.secret, delivery.headers, delivery.body)).toBe(true);
      expect(verifyStandardWebhook(hook.secret, delivery.headers, delivery.body)).toBe(true);
    });

    it('sends a test event on demand and logs it', async () => {
      const { hook } = await subscribe({ eventTypes: ['*'] });
      const res = await ctx().inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        ok: true,
        statusCode: 204,
        eventType: 'webhook.test',
        eventSeq: null,
      });
      expect(types()).toEqual(['webhook.test']);
    });

    it('keeps the newest deliveries of a subscription in its log', async () => {
      const { hook } = await subscribe({ eventTypes: ['*'] });
      for (let n = 0; n <= DELIVERY_LOG_KEEP; n += 1) {
        await ctx().inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
      }
      const kept = await ctx()
        .db.select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, hook.id));
      expect(kept).toHaveLength(DELIVERY_LOG_KEEP);
      const first = receiver().received()[0]?.headers['webhook-id'];
      expect(kept.map((d) => d.webhookId)).not.toContain(first);
    });

    it('answers 400 naming the field for a bad subscription, and 412 for a stale edit', async () => {
      const bad = await subscribe({ eventTypes: ['tenant.nothing'] });
      expect(bad.res.statusCode).toBe(400);
      expect(bad.res.json().issues[0].path).toBe('body.eventTypes.0');
      const { hook } = await subscribe({ eventTypes: ['*'] });
      const edit = (ifMatch: string) =>
        ctx().inject({
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          headers: { 'if-match': ifMatch },
          payload: { description: 'x' },
        });
      expect((await edit('"1"')).statusCode).toBe(200);
      // An edit changes only what it names: disabling keeps the description and filters.
      const disabled = await ctx().inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        payload: { enabled: false },
      });
      expect(disabled.json()).toMatchObject({ enabled: false, description: 'x', eventTypes: ['*'] });
      // Kind, tenant and format are fixed at creation: naming one is refused, and nothing is written.
      for (const fixed of [{ kind: 'audit_stream' }, { tenantId: 'tenant-002' }, { format: 'cef' }]) {
        const refused = await ctx().inject({
          method: 'PATCH',
          url: `/api/webhooks/${hook.id}`,
          payload: fixed,
        });
        expect(refused.statusCode, refused.body).toBe(400);
      }
      expect((await ctx().get(`/api/webhooks/${hook.id}`)).json().revision).toBe(3);
      expect((await edit('"1"')).statusCode).toBe(412);
      const gone = await ctx().inject({
        method: 'DELETE',
        url: `/api/webhooks/${hook.id}`,
        headers: { 'if-match': '"3"' },
      });
      expect(gone.statusCode).toBe(204);
      expect((await ctx().get(`/api/webhooks/${hook.id}`)).statusCode).toBe(404);
    });
  },
  insertFixturesWithoutApprovals,
  () => ({ webhooks: TEST_SEND }),
);
