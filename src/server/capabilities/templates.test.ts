import { expect, it } from 'vitest';
import { notificationTemplateSchema } from '../../contract/notification-templates';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

const WELCOME = {
  capabilityId: 'api-007',
  name: 'Order shipped',
  language: 'fr',
  deliveryChannel: 'email',
  subject: 'Commande {{orderId}}',
  content: 'Bonjour {{name}}, votre commande {{orderId}} est partie.',
  variables: ['name', 'orderId'],
};

describeApi(
  'notification templates',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx().inject({ method, url, payload });

    it('creates a template with createdBy from the session, whatever the client sends', async () => {
      const res = await send('POST', '/api/notification-templates', {
        ...WELCOME,
        createdBy: 'mallory@example.com',
      });
      expect(res.statusCode).toBe(201);
      const template = notificationTemplateSchema.parse(res.json());
      expect(template).toMatchObject({
        createdBy: 'test-admin@example.com',
        status: 'active',
        subject: 'Commande {{orderId}}',
      });
      const read = await ctx().get(`/api/notification-templates/${template.id}`);
      expect(read.statusCode).toBe(200);
      expect(notificationTemplateSchema.parse(read.json())).toEqual(template);
      expect(read.headers.etag).toBe(`"${template.revision}"`);
    });

    it('drops the subject of non-email channels and keeps updatedAt moving', async () => {
      const created = (
        await send('POST', '/api/notification-templates', {
          ...WELCOME,
          deliveryChannel: 'sms',
          subject: 'ignored',
        })
      ).json();
      expect(created.subject).toBeNull();
      const updated = await send('PATCH', `/api/notification-templates/${created.id}`, {
        status: 'inactive',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().status).toBe('inactive');
      expect(Date.parse(updated.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    });

    it('refuses each broken rule with a 400 naming the field', async () => {
      const cases: [object, string, string?][] = [
        [{ language: 'it' }, 'body.language'],
        [{ deliveryChannel: 'fax' }, 'body.deliveryChannel'],
        [{ subject: '' }, 'body.subject', 'Subject is required for email'],
        [{ variables: ['name', 'order-id'] }, 'body.variables.1'],
        [{ variables: ['name'] }, 'body.subject', 'Undeclared variables: {{orderId}}'],
        [{ content: '' }, 'body.content'],
        [{ name: '' }, 'body.name'],
        [{ status: 'paused' }, 'body.status'],
      ];
      for (const [change, field, message] of cases) {
        const res = await send('POST', '/api/notification-templates', { ...WELCOME, ...change });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().issues[0].path, JSON.stringify(change)).toBe(field);
        if (message) expect(res.json().issues[0].message).toBe(message);
      }
      const patch = await send('PATCH', '/api/notification-templates/tpl-1', {
        content: 'Hi {{name}} from {{team}}',
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().message).toBe('Undeclared variables: {{team}}');
    });

    it('refuses templates on a capability without them (409) or unknown (404)', async () => {
      const res = await send('POST', '/api/notification-templates', { ...WELCOME, capabilityId: 'api-001' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Identity Service does not carry notification templates');
      expect(
        (await send('POST', '/api/notification-templates', { ...WELCOME, capabilityId: 'api-404' }))
          .statusCode,
      ).toBe(404);
    });

    it('deletes a template, then answers 404 for it', async () => {
      expect((await send('DELETE', '/api/notification-templates/tpl-2')).statusCode).toBe(204);
      expect((await send('DELETE', '/api/notification-templates/tpl-2')).statusCode).toBe(404);
      expect((await ctx().get('/api/notification-templates/tpl-2')).statusCode).toBe(404);
      expect((await send('PATCH', '/api/notification-templates/tpl-2', { name: 'x' })).statusCode).toBe(404);
    });
  },
  insertFixtures,
);
