import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';
import type { TenantStatus } from '../../../contract/tenants';

export const tenants = pgTable(
  'tenants',
  {
    id: idColumn(),
    name: text().notNull(),
    description: text(),
    status: text().$type<TenantStatus>().notNull().default('active'),
    owner: text().notNull(),
    developmentEnabled: boolean().notNull().default(true),
    uatEnabled: boolean().notNull().default(true),
    productionEnabled: boolean().notNull().default(true),
    idpProvider: text(),
    idpConfiguration: text(),
    authProvider: text(),
    authConfiguration: text(),
    apiGatewayConfiguration: text(),
    policyServerConfiguration: text(),
    dataClassification: text(),
    dataRetentionRequirements: text(),
    dataResidency: text(),
    disasterRecoveryRequirements: text(),
    privacyLaws: text(),
    allowedRegions: text().array(),
    /** JSON text: list of {environment, regions}. */
    environmentRegionPolicies: text(),
    /** JSON text: per-environment blue-green state. */
    blueGreenConfig: text(),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('tenants_name_not_blank', sql`length(trim(${t.name})) > 0`),
    searchIndex('tenants_name_search_idx', t.name),
    searchIndex('tenants_owner_search_idx', t.owner),
    sortIndex('tenants_name_sort_idx', t.name, t.id),
    sortIndex('tenants_status_sort_idx', t.status, t.id),
    sortIndex('tenants_owner_sort_idx', t.owner, t.id),
    sortIndex('tenants_created_sort_idx', t.createdAt, t.id),
  ],
);
