import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';
import { tenants } from './tenants';
import type { CapabilityStatus } from '../../../contract/capabilities';
import type { ConfigurationVersionStatus } from '../../../contract/capability-subscriptions';
import type { Environment } from '../../../contract/common';

export const capabilities = pgTable(
  'capabilities',
  {
    id: idColumn(),
    name: text().notNull(),
    description: text(),
    version: text(),
    status: text().$type<CapabilityStatus>().notNull().default('available'),
    endpoint: text(),
    category: text(),
    /** JSON text: per-environment blue-green state, same shape as the tenant's. */
    blueGreenConfig: text(),
    /** JSON Schema (as JSON text) that every configuration version must satisfy; null means any JSON. */
    configurationSchema: text(),
    /** Whether the capability carries notification templates (the spec's api-007 rule, kept in data). */
    supportsNotificationTemplates: boolean().notNull().default(false),
    revision: revisionColumn(),
    /**
     * When it was registered (rows older than migration 0030 read that migration's time): a change that
     * names a capability by name tells one its own release made from one that was there (natural-keys.ts).
     */
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('capabilities_status', sql`${t.status} in ('available', 'provisioning', 'deprecated')`),
    searchIndex('capabilities_name_search_idx', t.name),
    searchIndex('capabilities_description_search_idx', t.description),
    searchIndex('capabilities_category_search_idx', t.category),
    sortIndex('capabilities_name_sort_idx', t.name, t.id),
    sortIndex('capabilities_status_sort_idx', t.status, t.id),
    sortIndex('capabilities_category_sort_idx', t.category, t.id),
    sortIndex('capabilities_version_sort_idx', t.version, t.id),
  ],
);

export const capabilitySubscriptions = pgTable(
  'capability_subscriptions',
  {
    id: idColumn(),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'restrict' }),
    environment: text().$type<Environment>().notNull(),
    region: text().notNull(),
    status: text().notNull().default('active'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('capability_subscriptions_tenant_capability_unique').on(t.tenantId, t.capabilityId),
    index('capability_subscriptions_capability_idx').on(t.capabilityId),
  ],
);

export const capabilitySubscriptionVersions = pgTable(
  'capability_subscription_versions',
  {
    id: idColumn(),
    subscriptionId: text()
      .notNull()
      .references(() => capabilitySubscriptions.id, { onDelete: 'cascade' }),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'restrict' }),
    environment: text().$type<Environment>().notNull(),
    region: text().notNull(),
    version: integer().notNull().default(1),
    configuration: text().notNull(),
    status: text().$type<ConfigurationVersionStatus>().notNull().default('active'),
    isActive: boolean().notNull().default(true),
    notes: text(),
    createdAt: createdAtColumn(),
    createdBy: text(),
    /** The version this one was promoted from (docs/promotion.md); null when created directly. */
    promotedFromVersionId: text(),
  },
  (t) => [
    // Deleting the source (its tenant or subscription going) keeps the promoted copy, without the link.
    foreignKey({
      name: 'capability_versions_promoted_from_fk',
      columns: [t.promotedFromVersionId],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    // Exactly one active configuration per (tenant, capability, environment, region).
    uniqueIndex('capability_versions_one_active')
      .on(t.tenantId, t.capabilityId, t.environment, t.region)
      .where(sql`${t.isActive}`),
    uniqueIndex('capability_versions_number_unique').on(
      t.tenantId,
      t.capabilityId,
      t.environment,
      t.region,
      t.version,
    ),
    check('capability_versions_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
    check('capability_versions_version_positive', sql`${t.version} > 0`),
  ],
);
