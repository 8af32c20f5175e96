import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { capabilities } from './capabilities';
import { idColumn, isoTimestamp } from './columns';
import { microfrontendVersions, microfrontends } from './microfrontends';
import type { Environment, Slot } from '../../../contract/common';
import type { DeploymentStatus } from '../../../contract/deployments';

/** Columns both deployment tables share: one row per (resource, environment, slot). */
const slotColumns = () => ({
  id: idColumn(),
  environment: text().$type<Environment>().notNull(),
  slot: text().$type<Slot>().notNull(),
  status: text().$type<DeploymentStatus>().notNull().default('inactive'),
  deployedUrl: text(),
  trafficPercentage: integer().notNull().default(0),
  healthStatus: text().notNull().default('unknown'),
  healthCheckUrl: text(),
  lastHealthCheck: isoTimestamp(),
  deployedAt: isoTimestamp(),
  deployedBy: text(),
  activatedAt: isoTimestamp(),
  activatedBy: text(),
});

export const microfrontendDeployments = pgTable(
  'microfrontend_deployments',
  {
    ...slotColumns(),
    microfrontendId: text()
      .notNull()
      .references(() => microfrontends.id, { onDelete: 'cascade' }),
    versionId: text()
      .notNull()
      .references(() => microfrontendVersions.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('microfrontend_deployments_slot_unique').on(t.microfrontendId, t.environment, t.slot),
    check('microfrontend_deployments_slot', sql`${t.slot} in ('blue', 'green')`),
    check('microfrontend_deployments_status', sql`${t.status} in ('active', 'inactive')`),
    check('microfrontend_deployments_traffic', sql`${t.trafficPercentage} between 0 and 100`),
  ],
);

export const capabilityDeployments = pgTable(
  'capability_deployments',
  {
    ...slotColumns(),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    endpoint: text(),
  },
  (t) => [
    uniqueIndex('capability_deployments_slot_unique').on(t.capabilityId, t.environment, t.slot),
    check('capability_deployments_slot', sql`${t.slot} in ('blue', 'green')`),
    check('capability_deployments_status', sql`${t.status} in ('active', 'inactive')`),
    check('capability_deployments_traffic', sql`${t.trafficPercentage} between 0 and 100`),
  ],
);
