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
  type PgColumn,
} from 'drizzle-orm/pg-core';
import type { Environment } from '../../../contract/common';
import type { PolicyType, RouteMethod } from '../../../contract/gateway';
import { capabilities } from './capabilities';
import { createdAtColumn, idColumn } from './columns';
import { tenants } from './tenants';

/*
 * Gateway routes and OPA policies are versioned in lineages (docs/gateway.md): every edit adds the next
 * version of one lineage, numbered from 1, and at most one version of a lineage is active. A lineage
 * never changes tenant, capability or environment. Rows that existed before lineages (none were
 * written by the application) each became a lineage of their own through the column default.
 *
 * Every lineage table has the same columns around its own fields, built here once: the lineage's
 * identity first, its environment, then the version's number, state and origin.
 */

/** The lineage a version belongs to, and its tenant and capability. */
const lineageIdentityColumns = () => ({
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
});

const environmentColumn = () => text().$type<Environment>().notNull();

/** A version's number, whether it is the active one, who made it and where it was promoted from. */
const lineageVersionColumns = () => ({
  version: integer().notNull().default(1),
  isActive: boolean().notNull().default(true),
  createdAt: createdAtColumn(),
  createdBy: text(),
  /** The version of another environment this one was promoted from (docs/promotion.md). */
  promotedFromId: text(),
});

/** The columns every lineage table has, as the generic lineage core (server/gateway/lineage-*.ts) uses them. */
export interface LineageColumns {
  id: PgColumn;
  lineageId: PgColumn;
  tenantId: PgColumn;
  capabilityId: PgColumn;
  environment: PgColumn;
  version: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
  promotedFromId: PgColumn;
}

/** The keys, indexes and checks of a lineage table named `name`. */
const lineageConstraints = (name: string, t: LineageColumns) => [
  // A deleted source keeps the promoted copy, without the link.
  foreignKey({
    name: `${name}_promoted_from_fk`,
    columns: [t.promotedFromId],
    foreignColumns: [t.id],
  }).onDelete('set null'),
  uniqueIndex(`${name}_lineage_version_unique`).on(t.lineageId, t.version),
  // At most one active version per lineage; none when the lineage is disabled.
  uniqueIndex(`${name}_one_active`)
    .on(t.lineageId)
    .where(sql`${t.isActive}`),
  // The list (one tenant and environment, optionally one capability) and the tenant-wide rules.
  index(`${name}_tenant_env_idx`).on(t.tenantId, t.environment, t.capabilityId),
  index(`${name}_capability_idx`).on(t.capabilityId),
  check(`${name}_environment`, sql`${t.environment} in ('development', 'uat', 'production')`),
  check(`${name}_version_positive`, sql`${t.version} > 0`),
];

export const gatewayRoutes = pgTable(
  'gateway_routes',
  {
    ...lineageIdentityColumns(),
    path: text().notNull(),
    methods: text().array().notNull().$type<RouteMethod[]>(),
    targetService: text().notNull(),
    authRequired: boolean().notNull().default(true),
    /** Requests per minute. */
    rateLimit: integer(),
    environment: environmentColumn(),
    ...lineageVersionColumns(),
  },
  (t) => lineageConstraints('gateway_routes', t),
);

export const opaPolicies = pgTable(
  'opa_policies',
  {
    ...lineageIdentityColumns(),
    name: text().notNull(),
    description: text(),
    policyType: text().notNull().$type<PolicyType>(),
    policyContent: text().notNull(),
    environment: environmentColumn(),
    enabled: boolean().notNull().default(true),
    ...lineageVersionColumns(),
  },
  (t) => lineageConstraints('opa_policies', t),
);
