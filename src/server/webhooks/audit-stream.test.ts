import { asc, eq, gt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { WebhookDelivery } from '../../contract/webhooks';
import { recordAudit } from '../audit/service';
import { auditEvents, webhookSubscriptions } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor, tenantMember } from '../test/sessions';
import { verifyStandardWebhook } from '../test/webhook-receiver';
import { STREAM_BATCH } from './audit-stream';
import { TEST_SEND, webhookTestKit } from '../test/webhook-kit';

const EVENTS = 1000;

describeApi(
  'the audit stream',
  (ctx) => {
    const { receiver, passUntil, subscribe } = webhookTestKit(ctx);
    /** Every line of every request answered 2xx, parsed, in arrival order. */
    const lines = () =>
      receiver()
        .received()
        .filter((r) => r.status < 300)
        .flatMap((r) => r.body.split('\n').filter((line) => line !== ''))
        .map((line) => JSON.parse(line) as { seq: number });
    const storedAfter = async (seq: number) =>
      ctx().db.select().from(auditEvents).where(gt(auditEvents.seq, seq)).orderBy(asc(auditEvents.seq));
    const cursorOf = async (id: string) => {
      const [row] = await ctx().db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
      return row?.cursor ?? -1;
    };
    /** A burst of audit events of several tenants and actions, in transactions of 50. */
    const burst = async (count: number) => {
      for (let start = 0; start < count; start += 50) {
        await ctx().db.transaction(async (tx) => {
          for (let n = start; n < Math.min(count, start + 50); n += 1) {
            await recordAudit(tx, null, {
              action: n % 3 === 0 ? 'auth.login_failed' : 'tenant.update',
              resourceType: 'tenant',
              resourceId: `tenant-00${(n % 3) + 1}`,
              tenantId: n % 2 === 0 ? null : 'tenant-002',
              changes: { n, text: 'line\nbreak = "quoted" | pipe' },
            });
          }
        });
      }
    };

    it('sends 1,000 audit events in order, each line equal to the stored row, in signed batches', async () => {
      const { res, hook } = await subscribe({ kind: 'audit_stream' });
      expect(res.statusCode, res.body).toBe(201);
      expect(hook).toMatchObject({
        kind: 'audit_stream',
        format: 'ndjson',
        tenantId: null,
        eventTypes: ['*'],
      });
      const from = await cursorOf(hook.id);
      await burst(EVENTS);
      const stored = await storedAfter(from);
      expect(stored.length).toBeGreaterThan(EVENTS);
      expect(await passUntil(() => lines().length >= stored.length)).toBe(true);

      // Every row, every column, exactly as stored, in commit order, once.
      expect(lines()).toEqual(stored);
      for (const request of receiver().received()) {
        const batch = request.body
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as { seq: number });
        expect(batch.length).toBeLessThanOrEqual(STREAM_BATCH);
        expect(request.headers['content-type']).toBe('application/x-ndjson');
        expect(request.headers['webhook-id']).toBe(`msg_${batch[0]?.seq}-${batch.at(-1)?.seq}_${hook.id}`);
        expect(verifyStandardWebhook(hook.secret, request.headers, request.body)).toBe(true);
      }
      // Counted apart from the other kinds' deliveries: a batch is one attempt.
      const metrics = (await ctx().app.metrics.exposition()).body;
      expect(metrics).toMatch(/^webhook_deliveries_total\{kind="audit_stream",result="delivered"\} [1-9]/m);
      expect(metrics).toMatch(/^webhook_delivery_lag_seconds_count\{kind="audit_stream"\} [1-9]/m);
    });

    it('retries a failed batch with the same events and webhook-id, and redelivers it', async () => {
      const { hook } = await subscribe({ kind: 'audit_stream' });
      receiver().answer((count) => (count <= 3 ? 503 : 204));
      await burst(5);
      expect(
        await passUntil(() =>
          receiver()
            .received()
            .some((r) => r.status < 300),
        ),
      ).toBe(true);
      // More events came while it failed: the retried batch is the one first tried, not a bigger one.
      const [first, ...rest] = receiver().received();
      expect(rest.slice(0, 3).map((r) => [r.headers['webhook-id'], r.body])).toEqual(
        Array(3).fill([first?.headers['webhook-id'], first?.body]),
      );
      const log = (await ctx().get(`/api/webhooks/${hook.id}/deliveries`)).json<WebhookDelivery[]>();
      const delivered = log.find((d) => d.ok);
      expect(delivered).toMatchObject({ eventType: 'audit.batch', attempt: 4 });
      expect(delivered?.lastEventSeq).toBeGreaterThan(delivered?.eventSeq ?? Infinity);

      const again = await ctx().inject({
        method: 'POST',
        url: `/api/webhooks/${hook.id}/deliveries/${delivered?.id}/redeliver`,
      });
      expect(again.json()).toMatchObject({ ok: true, attempt: 5, webhookId: delivered?.webhookId });
      expect(receiver().received().at(-1)?.body).toBe(first?.body);
    });

    it('sends CEF lines when asked, one per event, escaped', async () => {
      const { hook } = await subscribe({ kind: 'audit_stream', format: 'cef' });
      expect(hook.format).toBe('cef');
      const from = await cursorOf(hook.id);
      await burst(3);
      const stored = await storedAfter(from);
      expect(await passUntil(() => receiver().received().length > 0)).toBe(true);
      const [request] = receiver().received();
      expect(request?.headers['content-type']).toBe('text/plain; charset=utf-8');
      const cef = request?.body.trimEnd().split('\n') ?? [];
      expect(cef).toHaveLength(stored.length);
      expect(cef[1]).toMatch(
        /^CEF:0\|resource-manager\|console\|1\|auth\.login_failed\|auth\.login_failed\|3\|rt=\d+ /,
      );
      expect(cef[1]).toContain(`externalId=${stored[1]?.seq}`);
      // JSON's own escapes doubled, = escaped; a pipe needs no escape outside the header.
      expect(cef[1]).toContain(String.raw`cs5={"n":0,"text":"line\\nbreak \= \\"quoted\\" | pipe"}`);
    });

    it('is for administrators, platform-wide and of every event', async () => {
      const owner = await sessionCookieFor(ctx().db, tenantMember('stream', 'owner'));
      expect((await subscribe({ kind: 'audit_stream' }, owner)).res.statusCode).toBe(403);
      for (const [field, value] of [
        ['tenantId', 'tenant-001'],
        ['eventTypes', ['audit.tenant.update']],
        ['environments', ['production']],
      ] as const) {
        const { res } = await subscribe({ kind: 'audit_stream', [field]: value });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().issues).toEqual([expect.objectContaining({ path: `body.${field}` })]);
      }
      const { hook } = await subscribe({ kind: 'audit_stream' });
      const edit = await ctx().inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        headers: { 'if-match': '"1"' },
        payload: { eventTypes: ['audit.tenant.update'] },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().issues).toEqual([expect.objectContaining({ path: 'body.eventTypes' })]);
      // The kind is fixed at creation: an edit naming it is refused, and one that does not keeps it.
      const rekind = await ctx().inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        headers: { 'if-match': '"1"' },
        payload: { description: 'SIEM', kind: 'webhook' },
      });
      expect(rekind.statusCode).toBe(400);
      const described = await ctx().inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        headers: { 'if-match': '"1"' },
        payload: { description: 'SIEM' },
      });
      expect(described.json()).toMatchObject({ description: 'SIEM', kind: 'audit_stream' });
    });

    it('sends nothing once its owner is no longer an administrator, and pauses after the retries', async () => {
      const { hook } = await subscribe({ kind: 'audit_stream' });
      const member = tenantMember('demoted', 'owner');
      await sessionCookieFor(ctx().db, member);
      await ctx()
        .db.update(webhookSubscriptions)
        .set({ ownerId: member.id })
        .where(eq(webhookSubscriptions.id, hook.id));
      await burst(2);
      await passUntil(() => false, { retryForMs: 0 });
      expect(receiver().received()).toHaveLength(0);
      const paused = (await ctx().get(`/api/webhooks/${hook.id}`)).json();
      expect(paused.pausedReason).toBe('Retries ran out: Its owner is no longer an active administrator');
    });
  },
  insertFixturesWithoutApprovals,
  () => ({ webhooks: TEST_SEND }),
);
