import { expect, it } from 'vitest';
import type { TenantDocument, Plan } from '../../contract/config-doc';
import { gatewayPaths, type GatewayRoute } from '../../contract/gateway';
import { seedDemoData } from '../demo/demo-data';
import { opaPolicies } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, SECOND_ADMIN } from '../test/change-requests';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { and, eq } from 'drizzle-orm';

/** Plans of edited exports, prune, apply through a release with four eyes, a stale plan, bad documents. */

const TENANT = 'tenant-001';

/** The tenant's export as an object, and an edited copy: the edits a plan must find, each named. */
function edited(doc: TenantDocument): TenantDocument {
  const copy: TenantDocument = structuredClone(doc);
  const spec = copy.spec;
  const devToken = spec.routes.find((r) => r.environment === 'development' && r.path === '/auth/token');
  if (!devToken) throw new Error('demo route missing');
  devToken.targetService = 'identity-dev:9090';
  spec.routes.push({
    environment: 'development',
    capability: 'Identity & Access Service',
    path: '/health',
    methods: ['GET'],
    targetService: 'identity-dev:8080',
    authRequired: false,
    rateLimit: null,
  });
  spec.policies = spec.policies.filter((p) => p.name !== 'Account data filter');
  spec.settings.apiGatewayConfiguration = { ...Object(spec.settings.apiGatewayConfiguration), burst: 250 };
  spec.settings.description = 'Edited by a plan';
  const storage = spec.configurations.find((c) => c.capability === 'Document Storage');
  if (!storage) throw new Error('demo configuration missing');
  storage.configuration = { ...Object(storage.configuration), retentionDays: 60 };
  const [app] = spec.webApps;
  if (!app) throw new Error('demo web app missing');
  app.description = 'Edited web app';
  const item = spec.meshes[0]?.menuItems[0];
  if (!item) throw new Error('demo mesh missing');
  item.label = 'Home';
  spec.approvalPolicy.uat = 1;
  const uat = spec.slots.find((s) => s.environment === 'uat');
  if (!uat) throw new Error('demo slots missing');
  uat.greenVersion = '2.4.1';
  return copy;
}

const EXPECTED_EDITS = (appName: string) => [
  ['tenant_settings.gateway', 'tenant'],
  ['tenant.update', 'tenant'],
  ['configuration.create', 'configuration'],
  ['gateway_route.edit', 'gateway_route'],
  ['gateway_route.create', 'gateway_route'],
  ['web_app.update', `web_app ${appName}`],
  ['mesh.update', 'mesh'],
  ['tenant_blue_green.slot_version', 'slot'],
  ['approval_policy.set', 'approval_policy'],
];

const kindsOf = (plan: Plan, list: 'changes' | 'prune' = 'changes') =>
  plan[list].map((c) => [
    c.change.kind,
    c.resource.type === 'web_app' ? `web_app ${c.resource.key}` : c.resource.type,
  ]);

describeApi(
  'configuration as code: plan and apply',
  (ctx) => {
    const client = changeRequestClient(ctx);
    const exported = async (): Promise<TenantDocument> =>
      (
        await ctx().inject({
          method: 'GET',
          url: `/api/tenants/${TENANT}/export`,
          headers: { accept: 'application/json' },
        })
      ).json();
    const plan = async (document: object | string, prune = false) => {
      const res = await client.call('POST', '/api/plans', { document, prune });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Plan>();
    };
    const accountFilterActive = async () =>
      (
        await ctx()
          .db.select()
          .from(opaPolicies)
          .where(and(eq(opaPolicies.name, 'Account data filter'), eq(opaPolicies.isActive, true)))
      ).length;

    it('plans exactly the edits of an edited export; prune lists the deletion apart and only runs with prune', async () => {
      const doc = await exported();
      const appName = doc.spec.webApps[0]?.name ?? '';
      const withoutPrune = await plan(edited(doc));
      expect(kindsOf(withoutPrune)).toEqual(EXPECTED_EDITS(appName));
      expect(kindsOf(withoutPrune, 'prune')).toEqual([['opa_policy.disable', 'opa_policy']]);
      expect(withoutPrune.prune[0]?.resource.key).toBe('production/Account data filter');
      expect(withoutPrune.summary).toMatchObject({ changes: 9, prune: 1 });
      const withPrune = await plan(edited(doc), true);
      expect(kindsOf(withPrune)).toEqual(EXPECTED_EDITS(appName));
      expect(kindsOf(withPrune, 'prune')).toEqual([['opa_policy.disable', 'opa_policy']]);
      // Planning created nothing; methods in another order, padded text and an empty description are no
      // change (the server keeps one order, trims text and stores an empty description as none).
      expect((await plan(doc, true)).changes).toEqual([]);
      const reordered = structuredClone(doc);
      for (const route of reordered.spec.routes) {
        route.methods.reverse();
        route.targetService = ` ${route.targetService} `;
      }
      for (const policy of reordered.spec.policies) policy.description = policy.description ?? '';
      expect((await plan(reordered, true)).changes).toEqual([]);
    });

    it('applies as one release that a second person approves (four eyes), never pruning without prune', async () => {
      const doc = edited(await exported());
      const res = await client.call('POST', '/api/plans/apply', { document: doc, title: 'From Git' });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<{ changeRequestId: string; requests: { id: string; changes: number }[] }>();
      // The release (8 changes: the policy change travels alone) and the policy change.
      expect(answer.requests.map((r) => r.changes)).toEqual([8, 1]);
      // Applied again while they wait (a pipeline's merge job re-run): the same requests, none filed anew.
      const again = await client.call('POST', '/api/plans/apply', { document: doc, title: 'From Git' });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<typeof answer>().requests.map((r) => r.id)).toEqual(answer.requests.map((r) => r.id));
      const release = await client.detail(answer.changeRequestId);
      expect(release.json().changes.map((c: { kind: string }) => c.kind)).toEqual(
        EXPECTED_EDITS('')
          .slice(0, 8)
          .map(([kind]) => kind),
      );
      // The requester cannot approve their own release.
      expect((await client.approve(answer.changeRequestId, TEST_ADMIN)).statusCode).toBe(403);
      for (const request of answer.requests) {
        const approved = await client.approve(request.id);
        expect(approved.statusCode, approved.body).toBe(200);
        expect((await client.detail(request.id)).json().status).toBe('applied');
      }
      expect(await accountFilterActive()).toBe(1);
      const after = await plan(doc);
      expect(after.changes).toEqual([]);
      expect(kindsOf(after, 'prune')).toEqual([['opa_policy.disable', 'opa_policy']]);
    });

    it('applies at once where no change needs an approval, and prunes only with prune', async () => {
      const doc = await exported();
      const devToken = doc.spec.routes.find(
        (r) => r.environment === 'development' && r.path === '/auth/token',
      );
      if (!devToken) throw new Error('demo route missing');
      devToken.rateLimit = 42;
      const res = await client.call('POST', '/api/plans/apply', { document: doc });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().applied.changes).toBe(1);
      expect((await plan(doc)).changes).toEqual([]);
      const pruned = {
        ...doc,
        spec: { ...doc.spec, policies: doc.spec.policies.filter((p) => p.name !== 'Account data filter') },
      };
      const filed = await client.call('POST', '/api/plans/apply', { document: pruned, prune: true });
      expect(filed.statusCode, filed.body).toBe(201);
      const id = filed.json<{ changeRequestId: string }>().changeRequestId;
      expect((await client.detail(id)).json().changes.map((c: { kind: string }) => c.kind)).toEqual([
        'opa_policy.disable',
      ]);
      expect((await client.approve(id)).statusCode).toBe(200);
      expect(await accountFilterActive()).toBe(0);
      const after = await plan(pruned, true);
      expect({ changes: after.changes, prune: after.prune }).toEqual({ changes: [], prune: [] });
    });

    it('refuses a stale plan, naming the resource that moved, who moved it and the diff now', async () => {
      const doc = await exported();
      const devToken = doc.spec.routes.find(
        (r) => r.environment === 'development' && r.path === '/auth/token',
      );
      if (!devToken) throw new Error('demo route missing');
      devToken.targetService = 'identity-dev:7070';
      const expected = await plan(doc);
      expect(kindsOf(expected)).toEqual([['gateway_route.edit', 'gateway_route']]);
      const routes = (
        await client.call('GET', `${gatewayPaths.routes(TENANT)}?environment=development`)
      ).json<GatewayRoute[]>();
      const route = routes.find((r) => r.path === '/auth/token');
      if (!route) throw new Error('route missing');
      const moved = await ctx().inject({
        method: 'POST',
        url: `${gatewayPaths.routes(TENANT)}/${route.lineageId}/versions`,
        headers: {
          'if-match': `"${route.latestVersion}"`,
          cookie: await sessionCookieFor(ctx().db, SECOND_ADMIN),
        },
        payload: {
          path: route.path,
          methods: route.methods,
          targetService: 'identity-dev:6060',
          authRequired: false,
          rateLimit: 5,
        },
      });
      expect(moved.statusCode, moved.body).toBe(201);
      const res = await client.call('POST', '/api/plans/apply', { document: doc, expected });
      expect(res.statusCode, res.body).toBe(409);
      const { message } = res.json<{ message: string }>();
      expect(message).toContain('gateway_route development POST /auth/token');
      expect(message).toContain(SECOND_ADMIN.email);
      expect(message).toContain('identity-dev:6060');
    });

    it('refuses a bad document with a 400 naming the field', async () => {
      const doc = await exported();
      const bad = structuredClone(doc) as unknown as { spec: { webApps: Record<string, unknown>[] } };
      const [app] = bad.spec.webApps;
      if (app) app.url = 42;
      const res = await client.call('POST', '/api/plans', { document: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('spec.webApps[0].url');
      const text = await client.call('POST', '/api/plans', {
        document: 'apiVersion: resource-manager/v1\nkind: Tenant\nspec: [',
      });
      expect(text.statusCode).toBe(400);
      const unknown = await client.call('POST', '/api/plans', {
        document: { ...doc, spec: { ...doc.spec, extra: 1 } },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues[0].path).toBe('spec');
    });
  },
  (db) => seedDemoData(db),
);
