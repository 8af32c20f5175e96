import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { capabilities } from './capabilities';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { microfrontendVersions, microfrontends } from './microfrontends';
import type { Environment, Slot } from '../../../contract/common';
import type { DeploymentStatus } from '../../../contract/deployments';
import type { RolloutEvent, RolloutState, SlotOwnerKind } from '../../../contract/rollouts';

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
  /** Why the last probe failed (null when it passed); see src/server/delivery/probes. */
  healthReason: text(),
  /** This slot's own probe interval; null follows HEALTH_CHECK_INTERVAL. */
  healthCheckIntervalSeconds: integer(),
  /** Consecutive failed and passed probes: the thresholds that change healthStatus count these. */
  healthFailures: integer().notNull().default(0),
  healthSuccesses: integer().notNull().default(0),
  /** When the prober next takes this slot (rows are claimed by it, FOR UPDATE SKIP LOCKED). */
  nextHealthCheckAt: isoTimestamp(),
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
    index('microfrontend_deployments_next_health_idx').on(t.nextHealthCheckAt),
    // The Overview's slots needing attention.
    index('microfrontend_deployments_unhealthy_idx')
      .on(t.environment)
      .where(sql`${t.healthStatus} = 'unhealthy' or ${t.healthFailures} > 0`),
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
    index('capability_deployments_next_health_idx').on(t.nextHealthCheckAt),
    // The Overview's slots needing attention.
    index('capability_deployments_unhealthy_idx')
      .on(t.environment)
      .where(sql`${t.healthStatus} = 'unhealthy' or ${t.healthFailures} > 0`),
  ],
);

/**
 * The recent probes of one slot (either table's: a slot id is a UUID unique across both). The prober keeps
 * the last HEALTH_HISTORY_LIMIT per slot; the row goes with the slot's id, never reused.
 */
export const deploymentHealthResults = pgTable(
  'deployment_health_results',
  {
    id: idColumn(),
    resourceType: text().$type<SlotOwnerKind>().notNull(),
    deploymentId: text().notNull(),
    checkedAt: isoTimestamp().notNull(),
    ok: boolean().notNull(),
    statusCode: integer(),
    reason: text(),
    durationMs: integer().notNull(),
  },
  (t) => [index('deployment_health_results_slot_idx').on(t.deploymentId, t.checkedAt)],
);

/**
 * A progressive switch of one resource's slots in one environment: traffic to `toSlot` in steps, each held
 * for the analysis window while it stays healthy (src/server/delivery/rollouts). At most one active rollout per
 * resource and environment (the partial unique index); the runner claims due rows FOR UPDATE SKIP LOCKED.
 */
export const rollouts = pgTable(
  'rollouts',
  {
    id: idColumn(),
    resourceType: text().$type<SlotOwnerKind>().notNull(),
    resourceId: text().notNull(),
    environment: text().$type<Environment>().notNull(),
    fromSlot: text().$type<Slot>().notNull(),
    toSlot: text().$type<Slot>().notNull(),
    steps: jsonb().$type<number[]>().notNull(),
    stepIndex: integer().notNull().default(0),
    trafficPercentage: integer().notNull().default(0),
    analysisWindowSeconds: integer().notNull(),
    watchWindowSeconds: integer().notNull(),
    state: text().$type<RolloutState>().notNull(),
    nextActionAt: isoTimestamp(),
    /** While paused: how much of the step's window was left, so resume holds the rest. */
    remainingMs: integer(),
    reason: text(),
    events: jsonb()
      .$type<RolloutEvent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startedBy: text().notNull(),
    startedAt: createdAtColumn(),
    endedAt: isoTimestamp(),
    revision: revisionColumn(),
  },
  (t) => [
    uniqueIndex('rollouts_one_active')
      .on(t.resourceType, t.resourceId, t.environment)
      .where(sql`${t.state} in ('running', 'paused', 'watching')`),
    index('rollouts_due_idx').on(t.nextActionAt),
    index('rollouts_resource_idx').on(t.resourceType, t.resourceId, t.environment, t.startedAt),
    check('rollouts_state', sql`${t.state} in ('running', 'paused', 'watching', 'completed', 'aborted')`),
    check('rollouts_traffic', sql`${t.trafficPercentage} between 0 and 100`),
  ],
);
