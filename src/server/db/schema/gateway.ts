import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { capabilities } from './capabilities';
import { createdAtColumn, idColumn } from './columns';
import { tenants } from './tenants';

/*
 * Gateway routes and OPA policies are versioned in lineages (docs/gateway.md): every edit adds the next
 * version of one lineage, numbered from 1, and at most one version of a lineage is active. A lineage
 * never changes tenant, capability or environment. Rows that existed before lineages (none were
 * written by the application) each became a lineage of their own through the column default.
 */

export const gatewayRoutes = pgTable(
  'gateway_routes',
  {
    id: idColumn(),
    lineageId: uuid()
      .notNull()
      .default(sql`gen_random_uuid()`),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    methods: text().array().notNull(),
    targetService: text().notNull(),
    authRequired: boolean().notNull().default(true),
    /** Requests per minute. */
    rateLimit: integer(),
    environment: text().notNull(),
    version: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    createdAt: createdAtColumn(),
    createdBy: text(),
    /** The version of another environment this one was promoted from (docs/promotion.md). */
    promotedFromId: text(),
  },
  (t) => [
    // A deleted source keeps the promoted copy, without the link.
    foreignKey({
      name: 'gateway_routes_promoted_from_fk',
      columns: [t.promotedFromId],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    uniqueIndex('gateway_routes_lineage_version_unique').on(t.lineageId, t.version),
    // At most one active version per lineage; none when the lineage is disabled.
    uniqueIndex('gateway_routes_one_active')
      .on(t.lineageId)
      .where(sql`${t.isActive}`),
    // The list (one tenant and environment, optionally one capability) and the path/method conflict check.
    index('gateway_routes_tenant_env_idx').on(t.tenantId, t.environment, t.capabilityId),
    index('gateway_routes_capability_idx').on(t.capabilityId),
    check('gateway_routes_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
    check('gateway_routes_version_positive', sql`${t.version} > 0`),
  ],
);

export const opaPolicies = pgTable(
  'opa_policies',
  {
    id: idColumn(),
    lineageId: uuid()
      .notNull()
      .default(sql`gen_random_uuid()`),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    policyType: text().notNull(),
    policyContent: text().notNull(),
    environment: text().notNull(),
    enabled: boolean().notNull().default(true),
    version: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    createdAt: createdAtColumn(),
    createdBy: text(),
    /** The version of another environment this one was promoted from (docs/promotion.md). */
    promotedFromId: text(),
  },
  (t) => [
    // A deleted source keeps the promoted copy, without the link.
    foreignKey({
      name: 'opa_policies_promoted_from_fk',
      columns: [t.promotedFromId],
      foreignColumns: [t.id],
    }).onDelete('set null'),
    uniqueIndex('opa_policies_lineage_version_unique').on(t.lineageId, t.version),
    uniqueIndex('opa_policies_one_active')
      .on(t.lineageId)
      .where(sql`${t.isActive}`),
    index('opa_policies_tenant_env_idx').on(t.tenantId, t.environment, t.capabilityId),
    index('opa_policies_capability_idx').on(t.capabilityId),
    check('opa_policies_environment', sql`${t.environment} in ('development', 'uat', 'production')`),
    check('opa_policies_version_positive', sql`${t.version} > 0`),
  ],
);
