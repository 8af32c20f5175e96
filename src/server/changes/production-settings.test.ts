import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema, type Change } from '../../contract/changes';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient } from '../test/change-requests';
import { insertFixtures, insertProductionWebApp, waiveApprovalsOf } from '../test/fixtures';
import type { TestPersona } from '../test/sessions';

const TENANT_ADMIN: TestPersona = {
  id: 'ps-admin',
  email: 'ps-admin@example.com',
  roles: { 'tenant-001': 'admin' },
};
const OWNER: TestPersona = {
  id: 'ps-owner',
  email: 'ps-owner@example.com',
  roles: { 'tenant-001': 'owner', 'tenant-003': 'owner' },
};
const DEVELOPER: TestPersona = {
  id: 'ps-dev',
  email: 'ps-dev@example.com',
  roles: { 'tenant-001': 'developer' },
};

const GATEWAY = '{"plugins":["rate-limiting"]}';
const BUNDLE = '{"bundleUrl":"https://bundles.example.com/acme.tar.gz"}';

describeApi(
  'change requests: production settings outside the other kinds',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const tenant = async (id = 'tenant-001') => (await cr.call('GET', `/api/tenants/${id}`)).json();
    const patchTenant = (body: object, persona = TENANT_ADMIN, id = 'tenant-001') =>
      cr.call('PATCH', `/api/tenants/${id}`, body, persona);
    const webApp = async (id: string) => (await cr.call('GET', `/api/web-apps/${id}`)).json();
    const patchApp = (id: string, body: object, persona = DEVELOPER) =>
      cr.call('PATCH', `/api/web-apps/${id}`, body, persona);
    const gatewayChange = (body: object): Change => ({
      kind: 'tenant_settings.gateway',
      tenantId: 'tenant-001',
      body,
    });

    it('refuses a direct production gateway or policy server setting; other tenant fields stay direct', async () => {
      for (const body of [{ apiGatewayConfiguration: GATEWAY }, { policyServerConfiguration: BUNDLE }]) {
        const refused = await patchTenant({ ...body, description: 'with it' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe('APPROVAL_REQUIRED');
      }
      expect(await tenant()).toMatchObject({
        apiGatewayConfiguration: null,
        policyServerConfiguration: null,
        description: null,
      });
      // The same values again (as a form sends every field), and the other fields, save directly.
      const direct = await patchTenant({
        apiGatewayConfiguration: '',
        policyServerConfiguration: null,
        idpConfiguration: '{"realm":"acme"}',
        description: 'Edited',
      });
      expect(direct.statusCode).toBe(200);
      expect(direct.json()).toMatchObject({ description: 'Edited', idpConfiguration: '{"realm":"acme"}' });
    });

    it('requests a gateway setting change that another reviewer approves, and it goes stale when overtaken', async () => {
      const id = await cr.request(
        gatewayChange({ apiGatewayConfiguration: GATEWAY, policyServerConfiguration: BUNDLE }),
        TENANT_ADMIN,
      );
      const detail = changeRequestDetailSchema.parse((await cr.detail(id, OWNER)).json());
      expect(detail).toMatchObject({
        environment: 'production',
        tenantId: 'tenant-001',
        requiredApprovals: 1,
      });
      expect(detail.diff).toEqual([
        { label: 'API gateway configuration', before: null, after: { plugins: ['rate-limiting'] } },
        {
          label: 'Policy server configuration',
          before: null,
          after: { bundleUrl: 'https://bundles.example.com/acme.tar.gz' },
        },
      ]);
      const other = await cr.request(
        gatewayChange({ policyServerConfiguration: '{"bundleUrl":"x"}' }),
        TENANT_ADMIN,
      );
      expect((await cr.approve(id, OWNER)).json().status).toBe('applied');
      expect(await tenant()).toMatchObject({
        apiGatewayConfiguration: GATEWAY,
        policyServerConfiguration: BUNDLE,
      });
      await cr.expectStale(other, 'the policy server setting changed after the request');
      // A member of a tenant with no approvals in production saves it directly.
      await waiveApprovalsOf(ctx().db, ['tenant-003']);
      expect((await patchTenant({ apiGatewayConfiguration: GATEWAY }, OWNER, 'tenant-003')).statusCode).toBe(
        200,
      );
    });

    it("refuses a developer's direct change of a production web app's URL, or a move into production", async () => {
      const checkout = {
        name: 'Checkout',
        technology: 'module-federation',
        tenantId: 'tenant-001',
        url: 'https://checkout.example.com',
      } as const;
      const { id } = await insertProductionWebApp(ctx().db, checkout);
      const url = await patchApp(id, { url: 'https://evil.example.com' });
      expect(url.statusCode).toBe(409);
      expect(url.json().code).toBe('APPROVAL_REQUIRED');
      expect((await patchApp(id, { environment: 'uat' })).json().code).toBe('APPROVAL_REQUIRED');
      expect((await webApp(id)).url).toBe('https://checkout.example.com');
      // What production does not serve from stays direct: its name, or its URL unchanged.
      expect(
        (await patchApp(id, { name: 'Checkout 2', url: 'https://checkout.example.com' })).statusCode,
      ).toBe(200);
      // A development app's URL is direct, but moving it into production is a production change.
      expect((await patchApp('app-1', { url: 'https://dev.example.com' })).statusCode).toBe(200);
      expect((await patchApp('app-1', { environment: 'production' })).json().code).toBe('APPROVAL_REQUIRED');
    });

    it('refuses deleting a production web app or creating one directly, which would change its URL unseen', async () => {
      const portal = {
        name: 'Portal',
        technology: 'module-federation',
        tenantId: 'tenant-001',
        url: 'https://portal.example.com',
      } as const;
      const { id } = await insertProductionWebApp(ctx().db, portal);
      for (const persona of [DEVELOPER, OWNER]) {
        const removed = await cr.call('DELETE', `/api/web-apps/${id}`, undefined, persona);
        expect(removed.statusCode).toBe(409);
        expect(removed.json().code).toBe('APPROVAL_REQUIRED');
        const recreated = await cr.call(
          'POST',
          '/api/web-apps',
          { ...portal, environment: 'production', url: 'https://evil.example.com' },
          persona,
        );
        expect(recreated.statusCode).toBe(409);
        expect(recreated.json().code).toBe('APPROVAL_REQUIRED');
      }
      expect(await webApp(id)).toMatchObject({
        url: 'https://portal.example.com',
        environment: 'production',
      });
      const portals = (await cr.call('GET', '/api/web-apps?q=Portal')).json() as {
        id: string;
        name: string;
      }[];
      expect(portals.filter((app) => app.name === 'Portal').map((app) => app.id)).toEqual([id]);
      // Outside production both stay direct.
      const development = await cr.call('POST', '/api/web-apps', { ...portal, name: 'Scratch' }, DEVELOPER);
      expect(development.statusCode, development.body).toBe(201);
      const scratch = development.json().id as string;
      expect((await cr.call('DELETE', `/api/web-apps/${scratch}`, undefined, DEVELOPER)).statusCode).toBe(
        204,
      );
    });

    it('requests a production web app URL change; an owner approves it; an overtaken one goes stale', async () => {
      const [app] = (await cr.call('GET', '/api/web-apps?q=Checkout')).json() as { id: string }[];
      const webAppId = app?.id ?? '';
      const change = (url: string): Change => ({ kind: 'web_app.update', webAppId, body: { url } });
      const id = await cr.request(change('https://checkout-v2.example.com'), DEVELOPER);
      const stale = await cr.request(change('https://checkout-v3.example.com'), DEVELOPER);
      const detail = changeRequestDetailSchema.parse((await cr.detail(id, OWNER)).json());
      expect(detail).toMatchObject({
        environment: 'production',
        title: 'Edit web app Checkout 2 in production',
      });
      expect(detail.diff).toEqual([
        {
          label: 'Checkout 2',
          before: { url: 'https://checkout.example.com', environment: 'production' },
          after: { url: 'https://checkout-v2.example.com', environment: 'production' },
        },
      ]);
      expect((await cr.approve(id, DEVELOPER)).statusCode).toBe(403);
      expect((await cr.approve(id, OWNER)).json().status).toBe('applied');
      expect((await webApp(webAppId)).url).toBe('https://checkout-v2.example.com');
      // The change runs as its requester, as every applied request does.
      const events = await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, webAppId));
      const applied = events.find((e) => e.action === 'web_app.update' && e.changes?.includes('checkout-v2'));
      expect(applied?.actorEmail).toBe(DEVELOPER.email);
      await cr.expectStale(stale, 'the URL changed after the request');
    });
  },
  insertFixtures,
);
