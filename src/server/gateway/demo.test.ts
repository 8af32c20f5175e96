import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { environments } from '../../contract/common';
import { gatewayPaths, kongTargets, type GatewayRoute, type OpaPolicy } from '../../contract/gateway';
import { seedDemoData } from '../demo/demo-data';
import { waiveApprovals } from '../test/fixtures';
import { gatewayRoutes, opaPolicies } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { checkedKongDocument, kongProblems, sharedKongProblems } from './kong-validate';

/**
 * The demo gateway routes and policies hold under every rule the API enforces: re-saving each lineage's
 * current version (an edit, which checks subscription, environment, clashes and Rego) is accepted.
 */
describeApi(
  'demo gateway data',
  (ctx) => {
    it('numbers each lineage 1..n with at most one active version', async () => {
      for (const table of [gatewayRoutes, opaPolicies]) {
        const rows = await ctx().db.select().from(table);
        expect(rows.length).toBeGreaterThan(3);
        const lineages = new Map<string, { version: number; isActive: boolean }[]>();
        for (const row of rows) lineages.set(row.lineageId, [...(lineages.get(row.lineageId) ?? []), row]);
        for (const versions of lineages.values()) {
          const numbers = versions.map((v) => v.version).sort((a, b) => a - b);
          expect(numbers).toEqual(numbers.map((_, i) => i + 1));
          expect(versions.filter((v) => v.isActive).length).toBeLessThanOrEqual(1);
        }
      }
    });

    it("renders the demo tenant's Kong configuration (the disabled refunds route left out) and OPA bundle", async () => {
      const kong = parse((await ctx().get(gatewayPaths.declarative('tenant-001', 'production'))).body) as {
        services: { name: string; routes: { paths: string[] }[] }[];
      };
      expect(kong.services.flatMap((s) => s.routes.flatMap((r) => r.paths)).sort()).toEqual([
        '/auth/token',
        '/payments',
        '~/accounts/(?<accountId>[^/]+)$',
      ]);
      const bundle = await ctx().get(gatewayPaths.bundle('tenant-001', 'production'));
      expect(bundle.statusCode).toBe(200);
      expect(bundle.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    });
    it("loads in Kong: every tenant's file for every environment and both targets, and all tenants' production files in one Kong", async () => {
      const tenantIds = [...new Set((await ctx().db.select().from(gatewayRoutes)).map((r) => r.tenantId))];
      const shared = [];
      for (const tenantId of tenantIds) {
        for (const environment of environments) {
          for (const target of kongTargets) {
            const res = await ctx().get(
              `${gatewayPaths.declarative(tenantId, environment)}?target=${target}`,
            );
            expect(res.statusCode, res.body).toBe(200);
            const file: unknown = parse(res.body);
            expect(kongProblems(file, target), `${tenantId} ${environment} ${target}`).toEqual([]);
            // One Kong per environment: the tenants' production files share one.
            if (target === 'dbless' && environment === 'production') shared.push(checkedKongDocument(file));
          }
        }
      }
      expect(tenantIds.length).toBeGreaterThan(1);
      expect(sharedKongProblems(shared)).toEqual([]);
    });

    it('re-saving every current version passes every rule', async () => {
      const tenantIds = [
        ...new Set((await ctx().db.select().from(gatewayRoutes)).map((r) => r.tenantId)),
        ...new Set((await ctx().db.select().from(opaPolicies)).map((p) => p.tenantId)),
      ];
      let saved = 0;
      for (const tenantId of new Set(tenantIds)) {
        for (const environment of environments) {
          const routes = (
            await ctx().get(`${gatewayPaths.routes(tenantId)}?environment=${environment}`)
          ).json() as GatewayRoute[];
          for (const r of routes) {
            const res = await ctx().inject({
              method: 'POST',
              url: `${gatewayPaths.routes(tenantId)}/${r.lineageId}/versions`,
              headers: { 'if-match': `"${r.latestVersion}"` },
              payload: {
                path: r.path,
                methods: r.methods,
                targetService: r.targetService,
                authRequired: r.authRequired,
                rateLimit: r.rateLimit,
              },
            });
            expect(res.statusCode, `${tenantId} ${r.path}: ${res.body}`).toBe(201);
            saved++;
          }
          const policies = (
            await ctx().get(`${gatewayPaths.policies(tenantId)}?environment=${environment}`)
          ).json() as OpaPolicy[];
          for (const p of policies) {
            const res = await ctx().inject({
              method: 'POST',
              url: `${gatewayPaths.policies(tenantId)}/${p.lineageId}/versions`,
              headers: { 'if-match': `"${p.latestVersion}"` },
              payload: {
                name: p.name,
                description: p.description,
                policyType: p.policyType,
                policyContent: p.policyContent,
                enabled: p.enabled,
              },
            });
            expect(res.statusCode, `${tenantId} ${p.name}: ${res.body}`).toBe(201);
            saved++;
          }
        }
      }
      expect(saved).toBe(12);
    });
  },
  async (db) => {
    await seedDemoData(db);
    // Re-saving production versions is what is tested here, not who approves it.
    await waiveApprovals(db);
  },
);
