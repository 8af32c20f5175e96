import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { webAppSchema } from '../../contract/web-apps';
import { auditEvents, webApps } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const DEVELOPER = { id: 'wa-developer', email: 'wa-developer@acme.io', roles: { 'tenant-001': 'developer' } };
const MEMBER = { id: 'wa-member', email: 'wa-member@acme.io', roles: { 'tenant-001': 'member' } };
const OUTSIDER = { id: 'wa-outsider', email: 'wa-outsider@globex.io', roles: { 'tenant-002': 'owner' } };

describeApi(
  'web app mutations',
  (ctx) => {
    type Method = 'POST' | 'PATCH' | 'DELETE';
    const send = (method: Method, url: string, payload?: object, cookie?: string) =>
      ctx().inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    const auditOf = (action: string) =>
      ctx().db.select().from(auditEvents).where(eq(auditEvents.action, action));

    it('creates a web app as provisioning with the dialog defaults, and audits it', async () => {
      const res = await send('POST', '/api/web-apps', {
        name: '  Storefront ',
        technology: 'web-component',
        tenantId: 'tenant-003',
        status: 'running',
      });
      expect(res.statusCode).toBe(201);
      const created = webAppSchema.parse(res.json());
      expect(created).toMatchObject({
        name: 'Storefront',
        technology: 'web-component',
        tenantId: 'tenant-003',
        status: 'provisioning',
        environment: 'development',
        region: 'us-east-1',
        url: null,
        useStandardHeader: false,
        useStandardFooter: false,
      });
      expect((await ctx().get(`/api/web-apps/${created.id}`)).json()).toEqual(created);
      const [event] = (await auditOf('web_app.create')).filter((e) => e.resourceId === created.id);
      expect(event).toMatchObject({ tenantId: 'tenant-003', actorId: 'test-admin' });
    });

    it('stores every field of step 2', async () => {
      const res = await send('POST', '/api/web-apps', {
        name: 'Checkout',
        description: 'Pay here',
        technology: 'module-federation',
        tenantId: 'tenant-003',
        environment: 'uat',
        region: 'eu-central-1',
        url: 'https://checkout.example.com',
        useStandardHeader: true,
        useStandardFooter: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        environment: 'uat',
        region: 'eu-central-1',
        url: 'https://checkout.example.com',
        useStandardHeader: true,
        useStandardFooter: true,
      });
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const valid = { name: 'X', technology: 'iframe-composition', tenantId: 'tenant-003' };
      const cases: [object, string][] = [
        [{ ...valid, name: '   ' }, 'body.name'],
        [{ ...valid, technology: 'react' }, 'body.technology'],
        [{ ...valid, environment: 'staging' }, 'body.environment'],
        [{ ...valid, region: 'eu-west-2' }, 'body.region'],
        [{ ...valid, url: 'ftp://x.example.com' }, 'body.url'],
        [{ ...valid, url: 'not a url' }, 'body.url'],
        [{ ...valid, useStandardHeader: 'yes' }, 'body.useStandardHeader'],
        [{ name: 'X', technology: 'iframe-composition' }, 'body.tenantId'],
      ];
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/web-apps', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('answers 404 for an unknown tenant', async () => {
      const res = await send('POST', '/api/web-apps', {
        name: 'X',
        technology: 'web-component',
        tenantId: 'tenant-999',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Tenant not found');
      const asDeveloper = await send(
        'POST',
        '/api/web-apps',
        { name: 'X', technology: 'web-component', tenantId: 'tenant-999' },
        await sessionCookieFor(ctx().db, DEVELOPER),
      );
      expect(asDeveloper.statusCode).toBe(404);
      expect(asDeveloper.json().message).toBe('Tenant not found');
    });

    it('lets a developer create, edit and delete in their tenant; a member gets 403; another tenant 404', async () => {
      const developer = await sessionCookieFor(ctx().db, DEVELOPER);
      const member = await sessionCookieFor(ctx().db, MEMBER);
      const outsider = await sessionCookieFor(ctx().db, OUTSIDER);
      const body = { name: 'Team App', technology: 'web-component', tenantId: 'tenant-001' };

      const refused = await send('POST', '/api/web-apps', body, member);
      expect(refused.statusCode).toBe(403);
      expect((await send('POST', '/api/web-apps', body, outsider)).statusCode).toBe(404);
      const missingTenant = await send(
        'POST',
        '/api/web-apps',
        { name: 'X', technology: 'web-component' },
        developer,
      );
      expect(missingTenant.statusCode).toBe(400);
      expect(missingTenant.json().issues[0].path).toBe('body.tenantId');

      const created = await send('POST', '/api/web-apps', body, developer);
      expect(created.statusCode).toBe(201);
      const id = webAppSchema.parse(created.json()).id;
      expect((await send('PATCH', `/api/web-apps/${id}`, { status: 'running' }, member)).statusCode).toBe(
        403,
      );
      expect((await send('PATCH', `/api/web-apps/${id}`, { status: 'running' }, outsider)).statusCode).toBe(
        404,
      );
      expect((await send('DELETE', `/api/web-apps/${id}`, undefined, member)).statusCode).toBe(403);
      expect((await send('DELETE', `/api/web-apps/${id}`, undefined, outsider)).statusCode).toBe(404);
      expect(
        (await send('PATCH', `/api/web-apps/${id}`, { status: 'running' }, developer)).json(),
      ).toMatchObject({ status: 'running' });
      expect((await send('DELETE', `/api/web-apps/${id}`, undefined, developer)).statusCode).toBe(204);
      const [deleted] = await auditOf('web_app.delete');
      expect(deleted).toMatchObject({ resourceId: id, actorId: DEVELOPER.id, tenantId: 'tenant-001' });
    });

    it('edits a web app, audits what changed, and keeps it in its tenant', async () => {
      const res = await send('PATCH', '/api/web-apps/app-2', {
        name: 'Widgets',
        status: 'stopped',
        region: 'us-west-1',
        url: 'http://widgets.local',
        tenantId: 'tenant-001',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 'app-2',
        name: 'Widgets',
        status: 'stopped',
        region: 'us-west-1',
        url: 'http://widgets.local',
        technology: 'web-component',
      });
      const [event] = (await auditOf('web_app.update')).filter((e) => e.resourceId === 'app-2');
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        name: { from: 'Admin Widgets', to: 'Widgets' },
        status: { from: 'provisioning', to: 'stopped' },
        region: { from: null, to: 'us-west-1' },
        url: { from: null, to: 'http://widgets.local' },
      });
      expect((await send('PATCH', '/api/web-apps/app-2', { url: '' })).json()).toMatchObject({ url: null });

      const move = await send('PATCH', '/api/web-apps/app-2', { tenantId: 'tenant-002' });
      expect(move.statusCode).toBe(400);
      expect(move.json().issues[0].path).toBe('body.tenantId');
      const [row] = await ctx().db.select().from(webApps).where(eq(webApps.id, 'app-2'));
      expect(row?.tenantId).toBe('tenant-001');
    });

    it('refuses a bad edit (400) and an unknown app (404)', async () => {
      for (const [body, field] of [
        [{ status: 'deleted' }, 'body.status'],
        [{ name: '' }, 'body.name'],
        [{ technology: 'svelte' }, 'body.technology'],
      ] as const) {
        const res = await send('PATCH', '/api/web-apps/app-1', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
      expect((await send('PATCH', '/api/web-apps/nope', { name: 'x' })).json()).toMatchObject({
        message: 'Web app not found',
        code: 'NOT_FOUND',
      });
      expect((await send('DELETE', '/api/web-apps/nope')).statusCode).toBe(404);
    });

    it('deletes a web app (204), then it is gone (404)', async () => {
      expect((await send('DELETE', '/api/web-apps/app-3')).statusCode).toBe(204);
      expect((await ctx().get('/api/web-apps/app-3')).statusCode).toBe(404);
      expect((await send('DELETE', '/api/web-apps/app-3')).statusCode).toBe(404);
      const [event] = (await auditOf('web_app.delete')).filter((e) => e.resourceId === 'app-3');
      expect(JSON.parse(event?.changes ?? '{}').before).toMatchObject({ name: 'Legacy Frame' });
    });
  },
  insertFixtures,
);
