import { expect, it } from 'vitest';
import { z } from 'zod';
import { capabilitySchema } from '../../contract/capabilities';
import { configurationVersionSchema } from '../../contract/capability-subscriptions';
import { notificationTemplateSchema } from '../../contract/notification-templates';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

describeApi(
  'capabilities, configuration versions and templates API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);
    const ids = (body: { id: string }[]) => body.map((item) => item.id);
    const VERSIONS = '/api/capability-subscriptions/versions';

    it('lists the catalogue by id, searchable by name, description or category, filterable by status', async () => {
      const all = z.array(capabilitySchema).parse((await get('/api/capabilities')).json());
      expect(ids(all)).toEqual(['api-001', 'api-002', 'api-003', 'api-007']);
      expect(ids((await get('/api/capabilities?q=identity')).json())).toEqual(['api-001']);
      expect(ids((await get('/api/capabilities?q=invoices')).json())).toEqual(['api-002']);
      expect(ids((await get('/api/capabilities?q=messaging')).json())).toEqual(['api-007']);
      expect(ids((await get('/api/capabilities?status=deprecated')).json())).toEqual(['api-003']);
    });

    it('returns one capability, or 404', async () => {
      const res = await get('/api/capabilities/api-007');
      expect(capabilitySchema.parse(res.json())).toMatchObject({
        name: 'Notification Service',
        supportsNotificationTemplates: true,
      });
      const missing = await get('/api/capabilities/api-999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Capability not found', code: 'NOT_FOUND' });
    });

    it('returns the active version of a context, or 404 when it has none', async () => {
      const res = await get(`${VERSIONS}/active/tenant-001/api-001/production/us-east-1`);
      expect(res.statusCode).toBe(200);
      expect(configurationVersionSchema.parse(res.json())).toMatchObject({
        id: 'ver-2',
        version: 2,
        isActive: true,
        configuration: '{"a":2}',
      });
      expect((await get(`${VERSIONS}/active/tenant-001/api-002/production/us-east-1`)).statusCode).toBe(404);
    });

    it('lists all active versions of a tenant in one environment and region', async () => {
      expect(ids((await get(`${VERSIONS}/active/tenant-001/production/us-east-1`)).json())).toEqual([
        'ver-2',
      ]);
      expect(ids((await get(`${VERSIONS}/active/tenant-001/production/eu-west-1`)).json())).toEqual([
        'ver-3',
      ]);
      expect((await get(`${VERSIONS}/active/tenant-001/uat/eu-west-1`)).json()).toEqual([]);
    });

    it('returns a context history newest first, empty when there is none', async () => {
      const history = z
        .array(configurationVersionSchema)
        .parse((await get(`${VERSIONS}/history/tenant-001/api-001/production/us-east-1`)).json());
      expect(history.map((v) => [v.version, v.isActive])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect((await get(`${VERSIONS}/history/tenant-002/api-001/production/us-east-1`)).json()).toEqual([]);
    });

    it('refuses an environment or region outside the spec values with a 400 naming the parameter', async () => {
      for (const [url, field] of [
        [`${VERSIONS}/active/tenant-001/api-001/staging/us-east-1`, 'params.environment'],
        [`${VERSIONS}/history/tenant-001/api-001/production/mars-1`, 'params.region'],
        [`${VERSIONS}/active/tenant-001/qa/us-east-1`, 'params.environment'],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it("lists a capability's notification templates, 404 for an unknown capability", async () => {
      const templates = z
        .array(notificationTemplateSchema)
        .parse((await get('/api/notification-templates/capability/api-007')).json());
      expect(templates.map((t) => [t.language, t.deliveryChannel, t.subject])).toEqual([
        ['en', 'email', 'Hi {{name}}'],
        ['es', 'sms', null],
      ]);
      expect(templates[0]?.createdBy).toBe('system');
      expect((await get('/api/notification-templates/capability/api-001')).json()).toEqual([]);
      expect((await get('/api/notification-templates/capability/api-999')).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
