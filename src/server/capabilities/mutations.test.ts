import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { capabilitySchema } from '../../contract/capabilities';
import { auditEvents, capabilities, notificationTemplates } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

const RATE_LIMIT_SCHEMA = JSON.stringify({
  type: 'object',
  required: ['rateLimit'],
  properties: { rateLimit: { type: 'integer', minimum: 1 } },
});

describeApi(
  'capability catalogue mutations',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx().inject({ method, url, payload });

    it('registers capabilities under the next api-NNN ids, even when registered at once', async () => {
      const results = await Promise.all(
        ['Search', 'Payments', 'Ledger'].map((name) =>
          send('POST', '/api/capabilities', { name, category: 'Core', status: 'provisioning' }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      const ids = results.map((r) => capabilitySchema.parse(r.json()).id).sort();
      expect(ids).toEqual(['api-008', 'api-009', 'api-010']);
      const created = results[0]?.json();
      expect(created).toMatchObject({
        status: 'provisioning',
        supportsNotificationTemplates: false,
        configurationSchema: null,
      });
      const events = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'capability.create'));
      expect(events).toHaveLength(3);
    });

    it('defaults the status to available and ignores ids sent by the client', async () => {
      const res = await send('POST', '/api/capabilities', { name: 'Cache', id: 'api-999' });
      expect(res.json()).toMatchObject({ id: 'api-011', status: 'available' });
    });

    it('refuses a missing name, an unknown status and a configuration schema that is not a JSON Schema', async () => {
      const cases: [object, string][] = [
        [{ name: '  ' }, 'body.name'],
        [{ name: 'X', status: 'retired' }, 'body.status'],
        [{ name: 'X', configurationSchema: '{not json' }, 'body.configurationSchema'],
        [{ name: 'X', configurationSchema: '{"type":"nope"}' }, 'body.configurationSchema'],
        [{ name: 'X', configurationSchema: '[1,2]' }, 'body.configurationSchema'],
      ];
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/capabilities', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
      const ok = await send('POST', '/api/capabilities', {
        name: 'Gateway',
        configurationSchema: RATE_LIMIT_SCHEMA,
      });
      expect(ok.statusCode).toBe(201);
    });

    it('edits a capability and audits what changed', async () => {
      const res = await send('PATCH', '/api/capabilities/api-002', { status: 'available', version: '1.0.0' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 'api-002',
        status: 'available',
        version: '1.0.0',
        name: 'Billing',
      });
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'capability.update'));
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        status: { from: 'provisioning', to: 'available' },
        version: { from: '0.1.0', to: '1.0.0' },
      });
      expect((await send('PATCH', '/api/capabilities/api-404', { name: 'x' })).statusCode).toBe(404);
      expect((await send('PATCH', '/api/capabilities/api-002', { status: 'gone' })).statusCode).toBe(400);
    });

    it('refuses to delete a capability a tenant subscribes to, deletes one nobody uses (with its templates)', async () => {
      const subscribed = await send('DELETE', '/api/capabilities/api-001');
      expect(subscribed.statusCode).toBe(409);
      expect(subscribed.json().message).toBe(
        'Identity Service cannot be deleted while 1 tenant subscription use it',
      );
      expect((await send('DELETE', '/api/capabilities/api-007')).statusCode).toBe(204);
      expect(await ctx().db.select().from(capabilities).where(eq(capabilities.id, 'api-007'))).toEqual([]);
      expect(
        await ctx()
          .db.select()
          .from(notificationTemplates)
          .where(eq(notificationTemplates.capabilityId, 'api-007')),
      ).toEqual([]);
      expect((await send('DELETE', '/api/capabilities/api-007')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
