import { isNotNull } from 'drizzle-orm';
import { CONFIG_API_VERSION, type PlatformDocument, type PlatformSpec } from '../../contract/config-doc';
import { getApprovalPolicy } from '../changes/policy';
import type { Executor } from '../db/database';
import {
  capabilities,
  capabilityDeployments,
  microfrontendDeployments,
  microfrontends,
  microfrontendVersions,
  notificationTemplates,
} from '../db/schema';
import { redacted } from '../secrets/secret-values';
import { byKey, jsonOf, sortedKeys } from './json-values';
import { healthCheckKey, templateKey } from './keys';

/* The platform's shared state as a document (docs/config-as-code.md). */

export const PLATFORM_NAME = 'platform';

type HealthCheck = PlatformSpec['capabilities'][number]['healthChecks'][number];

/** Each owner's slots that have a health check, by owner id. */
async function healthChecksOf(tx: Executor): Promise<Map<string, HealthCheck[]>> {
  const fields = {
    environment: capabilityDeployments.environment,
    slot: capabilityDeployments.slot,
    url: capabilityDeployments.healthCheckUrl,
    intervalSeconds: capabilityDeployments.healthCheckIntervalSeconds,
  };
  const ofCapabilities = await tx
    .select({ ...fields, owner: capabilityDeployments.capabilityId })
    .from(capabilityDeployments)
    .where(isNotNull(capabilityDeployments.healthCheckUrl));
  const ofMicrofrontends = await tx
    .select({
      owner: microfrontendDeployments.microfrontendId,
      environment: microfrontendDeployments.environment,
      slot: microfrontendDeployments.slot,
      url: microfrontendDeployments.healthCheckUrl,
      intervalSeconds: microfrontendDeployments.healthCheckIntervalSeconds,
    })
    .from(microfrontendDeployments)
    .where(isNotNull(microfrontendDeployments.healthCheckUrl));
  const checks = new Map<string, HealthCheck[]>();
  for (const row of [...ofCapabilities, ...ofMicrofrontends]) {
    if (row.url === null) continue;
    const list = checks.get(row.owner) ?? [];
    list.push({
      environment: row.environment,
      slot: row.slot,
      url: row.url,
      intervalSeconds: row.intervalSeconds,
    });
    checks.set(row.owner, list);
  }
  for (const list of checks.values()) list.sort(byKey(healthCheckKey));
  return checks;
}

async function capabilitiesOf(tx: Executor, checks: Map<string, HealthCheck[]>) {
  const rows = await tx.select().from(capabilities);
  const templates = await tx.select().from(notificationTemplates);
  return rows
    .map((row) => ({
      name: row.name,
      description: row.description,
      version: row.version,
      status: row.status,
      endpoint: row.endpoint,
      category: row.category,
      configurationSchema: sortedKeys(jsonOf(row.configurationSchema)),
      supportsNotificationTemplates: row.supportsNotificationTemplates,
      notificationTemplates: templates
        .filter((t) => t.capabilityId === row.id)
        .map((t) => ({
          name: t.name,
          language: t.language,
          deliveryChannel: t.deliveryChannel,
          subject: t.subject,
          content: t.content,
          variables: [...t.variables],
          status: t.status,
        }))
        .sort(byKey(templateKey)),
      healthChecks: checks.get(row.id) ?? [],
    }))
    .sort(byKey((c) => c.name));
}

async function microfrontendsOf(tx: Executor, checks: Map<string, HealthCheck[]>) {
  const rows = await tx.select().from(microfrontends);
  const versions = await tx.select().from(microfrontendVersions);
  return rows
    .map((row) => ({
      slug: row.slug,
      name: row.name,
      description: row.description,
      repository: row.repository,
      versions: versions
        .filter((v) => v.microfrontendId === row.id)
        .map((v) => ({
          version: v.version,
          status: v.status,
          entryUrl: v.entryUrl,
          moduleType: v.moduleType,
          exposedModules: sortedKeys(jsonOf(v.exposedModules)),
          sharedDependencies: sortedKeys(jsonOf(v.sharedDependencies)),
          defaultConfig: sortedKeys(
            redacted(jsonOf(v.defaultConfig), `${row.slug}@${v.version}.defaultConfig`),
          ),
          buildMetadata: sortedKeys(jsonOf(v.buildMetadata)),
          integrityHash: v.integrityHash,
        }))
        .sort(byKey((v) => v.version)),
      healthChecks: checks.get(row.id) ?? [],
    }))
    .sort(byKey((m) => m.slug));
}

/** Reads the platform as a document. */
export async function exportPlatform(tx: Executor): Promise<PlatformDocument> {
  const checks = await healthChecksOf(tx);
  const policy = await getApprovalPolicy(tx, null);
  return {
    apiVersion: CONFIG_API_VERSION,
    kind: 'Platform',
    metadata: { name: PLATFORM_NAME },
    spec: {
      approvalPolicy: policy.requiredApprovals,
      capabilities: await capabilitiesOf(tx, checks),
      microfrontends: await microfrontendsOf(tx, checks),
    },
  };
}
