import { and, eq, inArray } from 'drizzle-orm';
import { parseBlueGreenConfig } from '../../contract/blue-green';
import { environments } from '../../contract/common';
import { CONFIG_API_VERSION, type TenantDocument, type TenantSpec } from '../../contract/config-doc';
import { meshMenuItemSchema } from '../../contract/web-app-meshes';
import type { Executor } from '../db/database';
import {
  capabilities,
  capabilitySubscriptions,
  capabilitySubscriptionVersions,
  gatewayRoutes,
  microfrontends,
  microfrontendVersions,
  opaPolicies,
  tenants,
  webAppMeshes,
  webApps,
} from '../db/schema';
import { notFound } from '../errors';
import { getApprovalPolicy } from '../changes/policy';
import { redacted } from '../secrets/secret-values';
import { byKey, jsonOf, regionPoliciesOf, sortedKeys, sortedRecord } from './json-values';
import { configurationKey, meshItemKey, policyKey, routeKey, slotsKey } from './keys';

/* A tenant's live state as a document (docs/config-as-code.md): sorted, with secrets as references. */

type TenantRow = typeof tenants.$inferSelect;

/** The JSON-text settings, as values with their secrets replaced by references. */
const secretJson = (text: string | null, field: string) =>
  sortedKeys(redacted(jsonOf(text), `spec.settings.${field}`));

function settingsOf(row: TenantRow): TenantSpec['settings'] {
  return {
    description: row.description,
    status: row.status,
    owner: row.owner,
    developmentEnabled: row.developmentEnabled,
    uatEnabled: row.uatEnabled,
    productionEnabled: row.productionEnabled,
    idpProvider: row.idpProvider,
    idpConfiguration: secretJson(row.idpConfiguration, 'idpConfiguration'),
    authProvider: row.authProvider,
    authConfiguration: secretJson(row.authConfiguration, 'authConfiguration'),
    apiGatewayConfiguration: secretJson(row.apiGatewayConfiguration, 'apiGatewayConfiguration'),
    policyServerConfiguration: secretJson(row.policyServerConfiguration, 'policyServerConfiguration'),
    dataClassification: row.dataClassification,
    dataRetentionRequirements: row.dataRetentionRequirements,
    dataResidency: row.dataResidency,
    disasterRecoveryRequirements: row.disasterRecoveryRequirements,
    privacyLaws: row.privacyLaws,
    allowedRegions: row.allowedRegions === null ? null : [...row.allowedRegions].sort(),
    environmentRegionPolicies: sortedKeys(regionPoliciesOf(jsonOf(row.environmentRegionPolicies))),
  };
}

/** Capability id -> name, for every capability (the document names capabilities). */
export async function capabilityNames(tx: Executor): Promise<Map<string, string>> {
  const rows = await tx.select({ id: capabilities.id, name: capabilities.name }).from(capabilities);
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function gatewayOf(tx: Executor, tenantId: string, names: Map<string, string>) {
  const active = (table: typeof gatewayRoutes | typeof opaPolicies) =>
    and(eq(table.tenantId, tenantId), eq(table.isActive, true));
  const routes = await tx.select().from(gatewayRoutes).where(active(gatewayRoutes));
  const policies = await tx.select().from(opaPolicies).where(active(opaPolicies));
  return {
    routes: routes.map((row) => ({
      row,
      doc: {
        environment: row.environment,
        capability: names.get(row.capabilityId) ?? row.capabilityId,
        path: row.path,
        methods: [...row.methods],
        targetService: row.targetService,
        authRequired: row.authRequired,
        rateLimit: row.rateLimit,
      },
    })),
    policies: policies.map((row) => ({
      row,
      doc: {
        environment: row.environment,
        capability: names.get(row.capabilityId) ?? row.capabilityId,
        name: row.name,
        description: row.description,
        policyType: row.policyType,
        policyContent: row.policyContent,
        enabled: row.enabled,
      },
    })),
  };
}

async function subscriptionsOf(tx: Executor, tenantId: string, names: Map<string, string>) {
  const subscriptions = await tx
    .select()
    .from(capabilitySubscriptions)
    .where(eq(capabilitySubscriptions.tenantId, tenantId));
  const versions = await tx
    .select()
    .from(capabilitySubscriptionVersions)
    .where(
      and(
        eq(capabilitySubscriptionVersions.tenantId, tenantId),
        eq(capabilitySubscriptionVersions.isActive, true),
      ),
    );
  const name = (id: string) => names.get(id) ?? id;
  return {
    subscriptions: subscriptions.map((row) => ({
      row,
      doc: { capability: name(row.capabilityId), environment: row.environment, region: row.region },
    })),
    configurations: versions.map((row) => {
      const doc = { capability: name(row.capabilityId), environment: row.environment, region: row.region };
      const where = `spec.configurations[${configurationKey(doc)}].configuration`;
      return {
        row,
        doc: { ...doc, configuration: sortedKeys(redacted(jsonOf(row.configuration) ?? {}, where)) },
      };
    }),
  };
}

async function appsOf(tx: Executor, tenantId: string) {
  const apps = await tx.select().from(webApps).where(eq(webApps.tenantId, tenantId));
  const meshes = await tx.select().from(webAppMeshes).where(eq(webAppMeshes.tenantId, tenantId));
  const versionIds = meshes.flatMap((mesh) =>
    menuItemsOf(mesh.menuItems).map((item) => item.microfrontendVersionId),
  );
  const versions = versionIds.length
    ? await tx
        .select({
          id: microfrontendVersions.id,
          version: microfrontendVersions.version,
          slug: microfrontends.slug,
        })
        .from(microfrontendVersions)
        .innerJoin(microfrontends, eq(microfrontends.id, microfrontendVersions.microfrontendId))
        .where(inArray(microfrontendVersions.id, versionIds))
    : [];
  const byId = new Map(versions.map((v) => [v.id, v]));
  return {
    webApps: apps.map((row) => ({
      row,
      doc: {
        name: row.name,
        description: row.description,
        technology: row.technology,
        status: row.status,
        environment: row.environment,
        region: row.region,
        url: row.url,
        useStandardHeader: row.useStandardHeader ?? false,
        useStandardFooter: row.useStandardFooter ?? false,
      },
    })),
    meshes: meshes.map((mesh) => ({
      row: mesh,
      doc: {
        name: mesh.name,
        description: mesh.description,
        menuItems: menuItemsOf(mesh.menuItems)
          .map((item) => ({
            id: item.id,
            label: item.label,
            microfrontend: byId.get(item.microfrontendVersionId)?.slug ?? item.microfrontendVersionId,
            version: byId.get(item.microfrontendVersionId)?.version ?? item.microfrontendVersionId,
            config: sortedRecord(item.config),
            order: item.order,
          }))
          .sort(byKey(meshItemKey)),
      },
    })),
  };
}

/** A mesh's stored menu items; items the server cannot read are left out (they show nowhere either). */
export function menuItemsOf(text: string) {
  const value = jsonOf(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = meshMenuItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function slotsOf(row: TenantRow): TenantSpec['slots'] {
  const config = parseBlueGreenConfig(row.blueGreenConfig);
  return environments
    .flatMap((environment) => {
      const state = config[environment];
      return state?.enabled
        ? [{ environment, blueVersion: state.blueVersion, greenVersion: state.greenVersion }]
        : [];
    })
    .sort(byKey(slotsKey));
}

/**
 * A tenant's live state: each resource's row beside its document entry, so export and plan read it
 * through the same mapping (what a plan compares is exactly what an export wrote).
 */
export async function liveTenant(tx: Executor, tenantId: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  const names = await capabilityNames(tx);
  const policy = await getApprovalPolicy(tx, tenantId);
  return {
    row,
    names,
    settings: settingsOf(row),
    approvalPolicy: policy.requiredApprovals,
    ...(await subscriptionsOf(tx, tenantId, names)),
    ...(await gatewayOf(tx, tenantId, names)),
    ...(await appsOf(tx, tenantId)),
    slots: slotsOf(row),
  };
}
export type LiveTenant = Awaited<ReturnType<typeof liveTenant>>;

const docs = <T>(pairs: { doc: T }[], key: (doc: T) => string): T[] =>
  pairs.map((p) => p.doc).sort(byKey(key));

/** Reads one tenant as a document. */
export async function exportTenant(tx: Executor, tenantId: string): Promise<TenantDocument> {
  const live = await liveTenant(tx, tenantId);
  return {
    apiVersion: CONFIG_API_VERSION,
    kind: 'Tenant',
    metadata: { name: live.row.name },
    spec: {
      settings: live.settings,
      approvalPolicy: live.approvalPolicy,
      subscriptions: docs(live.subscriptions, (s) => s.capability),
      configurations: docs(live.configurations, configurationKey),
      routes: docs(live.routes, routeKey),
      policies: docs(live.policies, policyKey),
      webApps: docs(live.webApps, (app) => app.name),
      meshes: docs(live.meshes, (mesh) => mesh.name),
      slots: live.slots,
    },
  };
}
