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

    it('refuses in plain words, keeping the field path and the validator text as detail', async () => {
      const created = await send('POST', '/api/capabilities', {
        name: 'Storage',
        configurationSchema: schema2020,
      });
      const id = created.json().id as string;
      const missing = await version(id, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Configuration is missing the required field alerts');
      expect(missing.json().issues).toEqual([
        {
          path: 'body.configuration',
          message: 'Configuration is missing the required field alerts',
          detail: "/: must have required property 'alerts'",
        },
      ]);
      const both = await version(id, { alerts: 7 });
      expect(both.json().message).toBe('Field alerts must be a string');
      expect(both.json().message).not.toMatch(/\(root\)|must have required property/);
    });

    it('checks a configuration without saving it, in the same words', async () => {
      const created = await send('POST', '/api/capabilities', {
        name: 'Checked',
        configurationSchema: schema2020,
      });
      const check = (configuration: string) =>
        send('POST', `/api/capabilities/${created.json().id as string}/configuration-check`, {
          configuration,
        });
      const bad = await check('{"alerts": "nobody"}');
      expect(bad.statusCode).toBe(200);
      expect(bad.json().issues).toEqual([
        {
          path: 'configuration.alerts',
          message: 'Field alerts must be a valid email',
          detail: '/alerts: must match format "email"',
        },
      ]);
      expect((await check('{"alerts": "ops@example.com"}')).json()).toEqual({ issues: [] });
      const syntax = (await check('{"alerts": ')).json().issues;
      expect(syntax).toEqual([
        { path: 'configuration', message: 'Configuration is not valid JSON', detail: expect.any(String) },
      ]);
      expect((await check('')).json().issues[0].message).toBe(
        'Configuration is missing the required field alerts',
      );
      const unknown = await send('POST', '/api/capabilities/api-999/configuration-check', {
        configuration: '{}',
      });
      expect(unknown.statusCode).toBe(404);
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
