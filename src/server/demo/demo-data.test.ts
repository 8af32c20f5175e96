import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  controlPlaneRegions,
  dataClassifications,
  identityProviders,
  authProviders,
  residencyRegions,
  technologies,
  webAppRegions,
} from '@contract/common';
import { meshMenuItemSchema } from '@contract/web-app-meshes';
import { type Database } from '../db/client';
import { seedDemoData, templatePlaceholders } from './demo-data';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
  type TestDatabaseKind,
} from '../test/databases';
import * as schema from '../db/schema';

const TABLES = {
  tenants: schema.tenants,
  users: schema.users,
  userProfiles: schema.userProfiles,
  capabilities: schema.capabilities,
  capabilitySubscriptions: schema.capabilitySubscriptions,
  capabilitySubscriptionVersions: schema.capabilitySubscriptionVersions,
  notificationTemplates: schema.notificationTemplates,
  microfrontends: schema.microfrontends,
  microfrontendVersions: schema.microfrontendVersions,
  microfrontendDeployments: schema.microfrontendDeployments,
  capabilityDeployments: schema.capabilityDeployments,
  webApps: schema.webApps,
  webAppMeshes: schema.webAppMeshes,
  gatewayRoutes: schema.gatewayRoutes,
  opaPolicies: schema.opaPolicies,
} as const;

async function countAll(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

const parseJson = (text: string | null | undefined): unknown => (text == null ? null : JSON.parse(text));

const blueGreenEventSchema = z.object({
  action: z.string(),
  fromSlot: z.enum(['blue', 'green']),
  fromVersion: z.string(),
  toSlot: z.enum(['blue', 'green']),
  toVersion: z.string(),
  timestamp: z.iso.datetime(),
});
const blueGreenEnvSchema = z.object({
  enabled: z.boolean(),
  activeSlot: z.enum(['blue', 'green']),
  blueVersion: z.string(),
  greenVersion: z.string(),
  deploymentHistory: z.array(blueGreenEventSchema),
});
const blueGreenConfigSchema = z.partialRecord(
  z.enum(['development', 'uat', 'production']),
  blueGreenEnvSchema,
);

/** The history, replayed, ends in the recorded state. */
function expectCoherentBlueGreen(text: string | null) {
  if (text == null) return;
  const config = blueGreenConfigSchema.parse(JSON.parse(text));
  for (const env of Object.values(config)) {
    if (!env) continue;
    const last = env.deploymentHistory.at(-1);
    if (last) {
      expect(last.toSlot).toBe(env.activeSlot);
      expect(last.toVersion).toBe(env.activeSlot === 'blue' ? env.blueVersion : env.greenVersion);
    }
    env.deploymentHistory.forEach((event, i) => {
      expect(event.toSlot).not.toBe(event.fromSlot);
      const next = env.deploymentHistory[i + 1];
      if (next) {
        expect(next.fromSlot).toBe(event.toSlot);
        expect(next.fromVersion).toBe(event.toVersion);
        expect(Date.parse(next.timestamp)).toBeGreaterThan(Date.parse(event.timestamp));
      }
    });
  }
}

function seedSuite(kind: TestDatabaseKind) {
  describe(`seedDemoData (${kind})`, () => {
    let database: TestDatabase | undefined;
    let db: Database;
    let firstResults: { seeded: boolean }[];
    let countsAfterFirst: Record<string, number>;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      db = database.handle.db;
      // Two starts racing on one database: the advisory lock lets exactly one of them seed.
      firstResults = await Promise.all([seedDemoData(db), seedDemoData(db)]);
      countsAfterFirst = await countAll(db);
    });

    afterAll(async () => {
      await database?.dispose();
    });

    it('seeds an empty database once, then writes nothing', async () => {
      expect(firstResults.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(await seedDemoData(db)).toEqual({ seeded: false });
      expect(await countAll(db)).toEqual(countsAfterFirst);
      for (const [table, n] of Object.entries(countsAfterFirst)) expect(n, table).toBeGreaterThan(0);
    });

    it('seeds coherent tenants', async () => {
      const rows = await db.select().from(schema.tenants);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      expect(rows.map((t) => t.id)).toContain('tenant-001');
      expect(new Set(rows.map((t) => t.status))).toEqual(new Set(['active', 'inactive']));
      expect(rows.some((t) => !t.developmentEnabled && !t.uatEnabled && !t.productionEnabled)).toBe(true);
      expect(
        rows.some(
          (t) => [t.developmentEnabled, t.uatEnabled, t.productionEnabled].filter(Boolean).length === 2,
        ),
      ).toBe(true);
      expect(new Set(rows.map((t) => t.dataClassification))).toEqual(new Set(dataClassifications));
      expect(new Set(rows.map((t) => t.disasterRecoveryRequirements))).toEqual(
        new Set(['tier-0', 'tier-1', 'tier-2', 'tier-3']),
      );
      expect(rows.some((t) => t.idpProvider === null && t.authProvider === null)).toBe(true);
      expect(new Set(rows.map((t) => t.createdAt)).size).toBe(rows.length);
      for (const t of rows) {
        expect(residencyRegions as readonly (string | null)[]).toContain(t.dataResidency);
        if (t.idpProvider) expect(identityProviders as readonly string[]).toContain(t.idpProvider);
        if (t.authProvider) expect(authProviders as readonly string[]).toContain(t.authProvider);
        for (const text of [
          t.idpConfiguration,
          t.authConfiguration,
          t.apiGatewayConfiguration,
          t.policyServerConfiguration,
        ])
          expect(() => parseJson(text)).not.toThrow();
        expect(Number.isNaN(Date.parse(t.createdAt))).toBe(false);
        const enabled = new Set(
          [
            t.developmentEnabled && 'development',
            t.uatEnabled && 'uat',
            t.productionEnabled && 'production',
          ].filter(Boolean),
        );
        for (const region of t.allowedRegions ?? [])
          expect(controlPlaneRegions as readonly string[]).toContain(region);
        const policies = z
          .array(z.object({ environment: z.string(), regions: z.array(z.string()) }))
          .nullable()
          .parse(parseJson(t.environmentRegionPolicies));
        for (const policy of policies ?? []) {
          expect(enabled.has(policy.environment), `${t.id} ${policy.environment}`).toBe(true);
          for (const region of policy.regions) expect(t.allowedRegions).toContain(region);
        }
        expectCoherentBlueGreen(t.blueGreenConfig);
        const blueGreen = blueGreenConfigSchema.nullable().parse(parseJson(t.blueGreenConfig));
        for (const env of Object.keys(blueGreen ?? {})) expect(enabled.has(env), `${t.id} ${env}`).toBe(true);
      }
      const t1 = rows.find((t) => t.id === 'tenant-001');
      const history =
        blueGreenConfigSchema.parse(parseJson(t1?.blueGreenConfig)).production?.deploymentHistory ?? [];
      expect(history.map((e) => e.action)).toContain('rollback');
      expect(history.length).toBeGreaterThanOrEqual(3);
    });

    it('seeds capabilities api-001..api-008 in every status', async () => {
      const rows = await db.select().from(schema.capabilities).orderBy(schema.capabilities.id);
      const ids = rows.map((c) => c.id);
      for (let i = 1; i <= 8; i++) expect(ids).toContain(`api-00${i}`);
      expect(new Set(rows.map((c) => c.status))).toEqual(
        new Set(['available', 'provisioning', 'deprecated']),
      );
      for (const c of rows) {
        expect(c.name.length).toBeGreaterThan(0);
        expect(c.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/);
        expect(c.endpoint).toMatch(/^https:\/\//);
        expect(c.supportsNotificationTemplates).toBe(c.id === 'api-007');
        expect(() => parseJson(c.configurationSchema)).not.toThrow();
        expectCoherentBlueGreen(c.blueGreenConfig);
      }
      expect(rows.find((c) => c.id === 'api-007')?.name).toBe('Notification Service');
      expect(rows.some((c) => c.configurationSchema !== null)).toBe(true);
      expect(rows.some((c) => c.blueGreenConfig !== null)).toBe(true);
    });

    it('seeds notification templates on api-007 in several languages and every channel', async () => {
      const rows = await db.select().from(schema.notificationTemplates);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.every((t) => t.capabilityId === 'api-007')).toBe(true);
      expect(new Set(rows.map((t) => t.language)).size).toBeGreaterThanOrEqual(3);
      expect(new Set(rows.map((t) => t.deliveryChannel))).toEqual(new Set(['email', 'sms', 'inapp']));
      expect(rows.filter((t) => t.status === 'inactive')).toHaveLength(1);
      for (const t of rows) {
        expect(t.createdBy).toBe('system');
        if (t.deliveryChannel === 'email') expect(t.subject).toBeTruthy();
        else expect(t.subject).toBeNull();
        expect(new Set(t.variables)).toEqual(new Set(templatePlaceholders(t.subject, t.content)));
        expect(t.variables.length).toBeGreaterThan(0);
      }
    });

    it('seeds users without outside avatars (the console draws their initials) and per-tenant profiles', async () => {
      const rows = await db.select().from(schema.users);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      for (const u of rows) {
        // A picture on another host would be a request leaving an offline install.
        expect(u.avatarUrl).toBeNull();
        expect(u.email).toBe(u.email.toLowerCase());
      }
      expect(new Set(rows.map((u) => u.email)).size).toBe(rows.length);
      expect(rows.filter((u) => u.globalRole === 'admin').length).toBeGreaterThanOrEqual(1);
      expect(rows.some((u) => u.status === 'inactive')).toBe(true);

      const profiles = await db.select().from(schema.userProfiles);
      const tenantIds = new Set(
        (await db.select({ id: schema.tenants.id }).from(schema.tenants)).map((t) => t.id),
      );
      expect(new Set(profiles.map((p) => p.role))).toEqual(
        new Set(['owner', 'admin', 'developer', 'member']),
      );
      const perUser = new Map<string, number>();
      for (const p of profiles) {
        expect(tenantIds.has(p.tenantId)).toBe(true);
        expect(() => parseJson(p.preferences)).not.toThrow();
        perUser.set(p.userId, (perUser.get(p.userId) ?? 0) + 1);
      }
      expect([...perUser.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(2);
      const names = new Map(rows.map((u) => [u.id, u.name]));
      expect(profiles.some((p) => p.displayName && p.displayName !== names.get(p.userId))).toBe(true);
      expect(profiles.some((p) => (p.permissions ?? []).length > 0)).toBe(true);
    });

    it('names every subscription sub-{tenantId}-{capabilityId}', async () => {
      const rows = await db.select().from(schema.capabilitySubscriptions);
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const s of rows) expect(s.id).toBe(`sub-${s.tenantId}-${s.capabilityId}`);
    });

    it('keeps exactly one active configuration version per context', async () => {
      const v = schema.capabilitySubscriptionVersions;
      const groups = await db
        .select({
          tenantId: v.tenantId,
          capabilityId: v.capabilityId,
          environment: v.environment,
          region: v.region,
          active: sql<number>`count(*) filter (where ${v.isActive})`.mapWith(Number),
          total: sql<number>`count(*)`.mapWith(Number),
          maxVersion: sql<number>`max(${v.version})`.mapWith(Number),
        })
        .from(v)
        .groupBy(v.tenantId, v.capabilityId, v.environment, v.region);
      expect(groups.length).toBeGreaterThanOrEqual(5);
      for (const g of groups) {
        expect(g.active, JSON.stringify(g)).toBe(1);
        expect(g.maxVersion).toBe(g.total); // versions 1..n
      }
      expect(groups.some((g) => g.total >= 3)).toBe(true);

      const versions = await db.select().from(v);
      // One context has an older version reactivated.
      const latestInactive = versions.filter(
        (row) =>
          !row.isActive &&
          row.version ===
            groups.find(
              (g) =>
                g.tenantId === row.tenantId &&
                g.capabilityId === row.capabilityId &&
                g.environment === row.environment &&
                g.region === row.region,
            )?.maxVersion,
      );
      expect(latestInactive.length).toBeGreaterThanOrEqual(1);

      const tenants = new Map((await db.select().from(schema.tenants)).map((t) => [t.id, t]));
      const subscriptions = new Map(
        (await db.select().from(schema.capabilitySubscriptions)).map((s) => [s.id, s]),
      );
      const admins = new Set(
        (await db.select().from(schema.users)).filter((u) => u.globalRole === 'admin').map((u) => u.email),
      );
      for (const row of versions) {
        expect(row.status).toBe(row.isActive ? 'active' : 'inactive');
        expect(() => JSON.parse(row.configuration)).not.toThrow();
        expect(admins.has(row.createdBy ?? '')).toBe(true);
        expect(row.notes).toBeTruthy();
        expect(controlPlaneRegions as readonly string[]).toContain(row.region);
        const sub = subscriptions.get(row.subscriptionId);
        expect(sub?.tenantId).toBe(row.tenantId);
        expect(sub?.capabilityId).toBe(row.capabilityId);
        const tenant = tenants.get(row.tenantId);
        expect(tenant).toBeDefined();
        if (!tenant) continue;
        const enabled = {
          development: tenant.developmentEnabled,
          uat: tenant.uatEnabled,
          production: tenant.productionEnabled,
        };
        expect(enabled[row.environment as keyof typeof enabled], row.id).toBe(true);
        if (tenant.allowedRegions) expect(tenant.allowedRegions).toContain(row.region);
        const policies = (parseJson(tenant.environmentRegionPolicies) ?? []) as {
          environment: string;
          regions: string[];
        }[];
        const policy = policies.find((p) => p.environment === row.environment);
        if (policy) expect(policy.regions).toContain(row.region);
      }
    });

    it('seeds configuration versions that satisfy their capability configurationSchema', async () => {
      const withSchema = (await db.select().from(schema.capabilities)).filter(
        (c) => c.configurationSchema !== null,
      );
      expect(withSchema.length).toBeGreaterThanOrEqual(1);
      const versions = await db.select().from(schema.capabilitySubscriptionVersions);
      let checked = 0;
      for (const capability of withSchema) {
        const validator = z.fromJSONSchema(JSON.parse(capability.configurationSchema ?? '{}'));
        for (const row of versions.filter((v) => v.capabilityId === capability.id)) {
          const result = validator.safeParse(JSON.parse(row.configuration));
          expect(result.success, `${row.id}: ${result.error?.message ?? ''}`).toBe(true);
          checked++;
        }
        // The schema does reject configurations without the required fields.
        expect(validator.safeParse({}).success).toBe(false);
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    });

    it('seeds microfrontends with draft, published and deprecated versions', async () => {
      const mfes = await db.select().from(schema.microfrontends);
      expect(mfes.length).toBeGreaterThanOrEqual(4);
      expect(new Set(mfes.map((m) => m.slug)).size).toBe(mfes.length);
      const versions = await db.select().from(schema.microfrontendVersions);
      const statuses = versions.map((v) => v.status);
      expect(new Set(statuses)).toEqual(new Set(['draft', 'published', 'deprecated']));
      expect(statuses.filter((s) => s === 'published').length).toBeGreaterThan(statuses.length / 2);
      expect(new Set(versions.map((v) => v.moduleType))).toEqual(
        new Set(['module-federation', 'web-component']),
      );
      for (const v of versions) {
        expect(v.entryUrl).toMatch(/^https:\/\//);
        expect(v.integrityHash).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
        expect(z.array(z.string()).min(1).parse(parseJson(v.exposedModules))).toBeTruthy();
        for (const text of [v.sharedDependencies, v.defaultConfig, v.buildMetadata])
          expect(() => parseJson(text)).not.toThrow();
      }
      for (const m of mfes)
        expect(versions.some((v) => v.microfrontendId === m.id && v.status === 'published')).toBe(true);
    });

    it('keeps the blue slot live and the green slot inactive per resource and environment', async () => {
      const published = new Set(
        (await db.select().from(schema.microfrontendVersions))
          .filter((v) => v.status === 'published')
          .map((v) => v.id),
      );
      const mfd = await db.select().from(schema.microfrontendDeployments);
      const capd = await db.select().from(schema.capabilityDeployments);
      expect(new Set(mfd.map((d) => d.microfrontendId)).size).toBeGreaterThanOrEqual(2);
      expect(new Set(capd.map((d) => d.capabilityId)).size).toBeGreaterThanOrEqual(2);
      const check = (
        rows: (typeof mfd)[number][] | (typeof capd)[number][],
        key: (row: { id: string }) => string,
      ) => {
        const groups = new Map<string, typeof rows>();
        for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row] as typeof rows);
        for (const [group, slots] of groups) {
          expect(slots.map((s) => s.slot).sort(), group).toEqual(['blue', 'green']);
          for (const s of slots) {
            expect(s.deployedUrl).toMatch(/^https:\/\//);
            if (s.slot === 'blue') {
              expect([s.status, s.trafficPercentage, s.healthStatus]).toEqual(['active', 100, 'healthy']);
              expect(s.deployedAt && s.activatedAt && s.deployedBy && s.activatedBy).toBeTruthy();
            } else {
              expect([s.status, s.trafficPercentage]).toEqual(['inactive', 0]);
              expect(['unknown', 'healthy']).toContain(s.healthStatus);
            }
          }
        }
        return groups.size;
      };
      const mfdGroups = check(mfd, (row) => {
        const d = mfd.find((x) => x.id === row.id);
        return `${d?.microfrontendId}/${d?.environment}`;
      });
      const capdGroups = check(capd, (row) => {
        const d = capd.find((x) => x.id === row.id);
        return `${d?.capabilityId}/${d?.environment}`;
      });
      expect(mfdGroups).toBe(mfd.length / 2);
      expect(capdGroups).toBe(capd.length / 2);
      for (const d of mfd) expect(published.has(d.versionId), d.id).toBe(true);
      for (const d of capd) {
        expect(d.version).toMatch(/^\d+\.\d+\.\d+/);
        expect(d.endpoint).toMatch(/^https:\/\//);
      }
      expect(new Set(mfd.map((d) => d.environment))).toEqual(new Set(['development', 'uat', 'production']));
    });

    it('seeds web apps in every status and technology', async () => {
      const rows = await db.select().from(schema.webApps);
      const tenants = await db.select().from(schema.tenants);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      expect(new Set(rows.map((a) => a.status))).toEqual(new Set(['running', 'provisioning', 'stopped']));
      expect(new Set(rows.map((a) => a.technology))).toEqual(new Set(technologies));
      for (const a of rows) {
        const tenant = tenants.find((t) => t.id === a.tenantId);
        expect(tenant).toBeDefined();
        expect(webAppRegions as readonly (string | null)[]).toContain(a.region);
        expect(a.url).toMatch(/^https:\/\//);
        const enabled = {
          development: tenant?.developmentEnabled,
          uat: tenant?.uatEnabled,
          production: tenant?.productionEnabled,
        };
        expect(enabled[a.environment as keyof typeof enabled], a.id).toBe(true);
      }
    });

    it('seeds one mesh on tenant-001 whose menu items reference published versions', async () => {
      const meshes = await db.select().from(schema.webAppMeshes);
      expect(meshes).toHaveLength(1);
      const [mesh] = meshes;
      expect(mesh?.tenantId).toBe('tenant-001');
      const items = z.array(meshMenuItemSchema).parse(JSON.parse(mesh?.menuItems ?? 'null'));
      expect(items.length).toBeGreaterThanOrEqual(2);
      expect(items.map((i) => i.order)).toEqual(items.map((_, i) => i));
      const published = new Set(
        (await db.select().from(schema.microfrontendVersions))
          .filter((v) => v.status === 'published')
          .map((v) => v.id),
      );
      for (const item of items) expect(published.has(item.microfrontendVersionId), item.id).toBe(true);
      const admins = (await db.select().from(schema.users))
        .filter((u) => u.globalRole === 'admin')
        .map((u) => u.email);
      expect(admins).toContain(mesh?.createdBy);
    });
  });
}

describe('seedDemoData emptiness check', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('writes nothing when any one of tenants, users or capabilities has rows', async () => {
    const { db } = database.handle;
    const oneRow = [
      () =>
        db
          .insert(schema.tenants)
          .values({ id: 'pre-existing', name: 'Existing', owner: 'someone@example.com' }),
      () =>
        db.insert(schema.users).values({ id: 'pre-existing', email: 'someone@example.com', name: 'Someone' }),
      () => db.insert(schema.capabilities).values({ id: 'pre-existing', name: 'Existing' }),
    ];
    for (const insert of oneRow) {
      await insert();
      expect(await seedDemoData(db)).toEqual({ seeded: false });
      const counts = await countAll(db);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
      await db.delete(schema.tenants);
      await db.delete(schema.users);
      await db.delete(schema.capabilities);
    }
    expect(await seedDemoData(db)).toEqual({ seeded: true });
  });
});

for (const kind of testDatabaseKinds()) seedSuite(kind);
