import fc from 'fast-check';
import { expect, it } from 'vitest';
import { environments, technologies, webAppRegions } from '../../contract/common';
import { tenantStatuses } from '../../contract/tenants';
import { routeService } from '../gateway/routes-service';
import { createVersion } from '../capabilities/versions-service';
import { AppError } from '../errors';
import { createTenant } from '../tenants/service';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { loadViewer } from '../auth/viewer';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { exportTenant } from './export-tenant';
import { parseDocument, serializeDocument } from './document-text';
import { planDocument } from './plan';
import { describeApi } from '../test/api-harness';
import { createWebApp } from '../web-apps/service';
import { createMesh } from '../microfrontends/mesh-service';

/**
 * Export then plan is no change for random states made through the services (so the server's own
 * defaults and normalisations are in them): 200 small tenants, each exported as YAML and planned.
 */

const ACTOR = { id: null, email: 'property@example.com' };
const CAPABILITIES = ['api-001', 'api-002', 'api-003'];

const optionalText = fc.option(
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('  padded  ', '', ' ', 'é ü 中', 'a: b', '- x', '#no'),
  ),
  { nil: null },
);
const jsonObject = fc.option(
  fc.record(
    {
      plain: fc.jsonValue({ maxDepth: 2 }),
      clientSecret: fc.string({ minLength: 1, maxLength: 8 }),
      nested: fc.record({ apiKey: fc.string({ maxLength: 6 }), on: fc.boolean() }),
    },
    { requiredKeys: [] },
  ),
  { nil: null },
);
const regions = fc.subarray([...webAppRegions], { minLength: 1, maxLength: 3 });

const stateArbitrary = fc.record({
  description: optionalText,
  status: fc.constantFrom(...tenantStatuses),
  uatEnabled: fc.boolean(),
  idpConfiguration: jsonObject,
  authConfiguration: jsonObject,
  allowedRegions: fc.option(regions, { nil: null }),
  overrides: fc.array(fc.record({ environment: fc.constantFrom(...environments), pick: fc.nat(10) }), {
    maxLength: 3,
  }),
  webApps: fc.array(
    fc.record({
      description: optionalText,
      technology: fc.constantFrom(...technologies),
      environment: fc.constantFrom(...environments),
      region: fc.option(fc.constantFrom(...webAppRegions), { nil: undefined }),
      url: fc.option(fc.constantFrom('', 'https://app.example.com', ' http://x.example.com/a '), {
        nil: null,
      }),
      useStandardHeader: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  configurations: fc.array(
    fc.record({
      capabilityId: fc.constantFrom(...CAPABILITIES),
      environment: fc.constantFrom(...environments),
      configuration: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    }),
    { maxLength: 3 },
  ),
  meshes: fc.array(
    fc.record({
      description: optionalText,
      items: fc.array(
        fc.record({
          label: fc.string({ maxLength: 8 }),
          versionId: fc.constantFrom('mfv-1', 'mfv-2', 'mfv-3'),
          config: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 2 },
  ),
  routes: fc.array(
    fc.record({
      path: fc.constantFrom('/a', '/orders/{id}', '/b/c'),
      method: fc.constantFrom('GET' as const, 'POST' as const),
      rateLimit: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
    }),
    { maxLength: 2 },
  ),
});
type State = typeof stateArbitrary extends fc.Arbitrary<infer S> ? S : never;

/** A refusal of a random write leaves the state as it was: still a state to round-trip. */
async function tolerated(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

describeApi(
  'configuration as code round trip (random states)',
  (ctx) => {
    let made = 0;
    async function build(state: State): Promise<string> {
      made += 1;
      const allowed = state.allowedRegions;
      const overrides = allowed
        ? state.overrides
            .filter((o) => o.environment !== 'uat' || state.uatEnabled)
            .map((o) => ({ environment: o.environment, regions: [allowed[o.pick % allowed.length]] }))
        : [];
      const tenant = await createTenant(
        ctx().db,
        {
          name: `Random ${made}`,
          owner: 'owner@example.com',
          description: state.description,
          status: state.status,
          uatEnabled: state.uatEnabled,
          idpConfiguration: state.idpConfiguration ? JSON.stringify(state.idpConfiguration) : null,
          authConfiguration: state.authConfiguration ? JSON.stringify(state.authConfiguration) : '',
          allowedRegions: allowed,
          environmentRegionPolicies: overrides.length ? JSON.stringify(overrides) : null,
        },
        ACTOR,
      );
      for (const [index, app] of state.webApps.entries()) {
        await tolerated(() =>
          createWebApp(ctx().db, { ...app, name: `App ${index}`, tenantId: tenant.id }, ACTOR),
        );
      }
      for (const [index, mesh] of state.meshes.entries()) {
        const menuItems = mesh.items.map((item, order) => ({
          id: `item-${order}`,
          label: item.label,
          microfrontendVersionId: item.versionId,
          config: item.config,
          order,
        }));
        const body = {
          name: `Mesh ${index}`,
          description: mesh.description,
          tenantId: tenant.id,
          menuItems: JSON.stringify(menuItems),
        };
        await tolerated(() => createMesh(ctx().db, body, ACTOR));
      }
      const region = allowed?.[0] ?? 'us-east-1';
      for (const c of state.configurations) {
        const body = {
          subscriptionId: `sub-${tenant.id}-${c.capabilityId}`,
          tenantId: tenant.id,
          capabilityId: c.capabilityId,
          environment: c.environment,
          region,
          configuration: c.configuration === undefined ? undefined : JSON.stringify(c.configuration),
        };
        await tolerated(() => createVersion(ctx().db, body, ACTOR));
      }
      for (const r of state.routes) {
        const [c] = state.configurations;
        if (!c) break;
        const fields = {
          path: r.path,
          methods: [r.method],
          targetService: 'svc:80',
          authRequired: true,
          rateLimit: r.rateLimit,
        };
        await tolerated(() =>
          routeService.create(
            ctx().db,
            tenant.id,
            { ...fields, capabilityId: c.capabilityId, environment: c.environment },
            ACTOR,
          ),
        );
      }
      return tenant.id;
    }

    it('plans 200 random tenants’ exports to no change', async () => {
      await sessionCookieFor(ctx().db, TEST_ADMIN);
      const [user] = await ctx().db.select().from(users).where(eq(users.id, TEST_ADMIN.id));
      if (!user) throw new Error('no administrator');
      const viewer = await loadViewer(ctx().db, user, '');
      const seen = { changes: 0, webApps: 0, configurations: 0, routes: 0, meshes: 0, secrets: 0 };
      await fc.assert(
        fc.asyncProperty(stateArbitrary, async (state) => {
          const tenantId = await build(state);
          const doc = await ctx().db.transaction((tx) => exportTenant(tx, tenantId));
          const text = serializeDocument(doc, 'yaml');
          const plan = await planDocument(ctx().db, viewer, parseDocument(text, 'yaml'), { prune: true });
          seen.changes += plan.changes.length + plan.prune.length;
          seen.webApps += doc.spec.webApps.length;
          seen.configurations += doc.spec.configurations.length;
          seen.routes += doc.spec.routes.length;
          seen.meshes += doc.spec.meshes.length;
          seen.secrets += text.split('secretRef').length - 1;
          expect({ changes: plan.changes, prune: plan.prune, text }).toEqual({
            changes: [],
            prune: [],
            text,
          });
        }),
        { numRuns: 200 },
      );
      expect(made).toBeGreaterThanOrEqual(200);
      // The states were not empty: each kind of resource and secrets showed up many times.
      expect(seen.webApps).toBeGreaterThan(50);
      expect(seen.configurations).toBeGreaterThan(50);
      expect(seen.routes).toBeGreaterThan(20);
      expect(seen.meshes).toBeGreaterThan(20);
      expect(seen.secrets).toBeGreaterThan(20);
      expect(seen.changes).toBe(0);
      console.info(`random states: ${made}, changes found: ${seen.changes}`, seen);
    }, 120_000);
  },
  (db) => insertFixtures(db),
);
