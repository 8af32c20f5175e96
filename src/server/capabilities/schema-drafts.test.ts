import { expect, it } from 'vitest';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

const VERSIONS = '/api/capability-subscriptions/versions';
const schema2020 = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['alerts'],
  properties: { alerts: { type: 'string', format: 'email' } },
});

describeApi(
  'configuration schema drafts through the API',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx().inject({ method, url, payload });
    const version = (capabilityId: string, configuration: object) =>
      send('POST', VERSIONS, {
        subscriptionId: `sub-tenant-001-${capabilityId}`,
        tenantId: 'tenant-001',
        capabilityId,
        environment: 'development',
        region: 'us-east-1',
        configuration: JSON.stringify(configuration),
      });

    it('registers a capability with a 2020-12 schema and enforces it, formats included, on every version', async () => {
      const created = await send('POST', '/api/capabilities', {
        name: 'Alerting',
        configurationSchema: schema2020,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as string;
      const refused = await version(id, { alerts: 'nobody' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0].path).toBe('body.configuration.alerts');
      expect((await version(id, { alerts: 'ops@example.com' })).statusCode).toBe(201);
    });

    it('answers 400 naming $schema, never 500, for a draft it does not know, at create and at edit', async () => {
      const unknown = JSON.stringify({
        $schema: 'https://json-schema.org/draft/2099-01/schema',
        type: 'object',
      });
      const create = await send('POST', '/api/capabilities', {
        name: 'Future',
        configurationSchema: unknown,
      });
      expect(create.statusCode).toBe(400);
      expect(create.json().issues[0].path).toBe('body.configurationSchema.$schema');
      expect(create.json().message).toContain('2099-01');
      const edit = await send('PATCH', '/api/capabilities/api-002', { configurationSchema: unknown });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().issues[0].path).toBe('body.configurationSchema.$schema');
    });
  },
  insertFixtures,
);
