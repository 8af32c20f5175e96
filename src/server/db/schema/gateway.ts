import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { capabilities } from './capabilities';
import { createdAtColumn, idColumn } from './columns';
import { tenants } from './tenants';

export const gatewayRoutes = pgTable(
  'gateway_routes',
  {
    id: idColumn(),
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
  },
  (t) => [index('gateway_routes_tenant_idx').on(t.tenantId)],
);

export const opaPolicies = pgTable(
  'opa_policies',
  {
    id: idColumn(),
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
  },
  (t) => [index('opa_policies_tenant_idx').on(t.tenantId)],
);
