import { and, desc, eq, isNotNull, isNull, lte, notInArray, or } from 'drizzle-orm';
import { HEALTH_HISTORY_LIMIT } from '../../../contract/rollouts';
import { recordAudit, SYSTEM_ACTOR } from '../../audit/service';
import type { Database, Transaction } from '../../db/client';
import type { Env } from '../../env';
import { deploymentHealthResults } from '../../db/schema';
import { capabilitySlots, microfrontendSlots, slotTable, type SlotKind } from '../deployments/slots';
import { propertyOf } from '../../unknown';
import { startPeriodicTask, type PeriodicTask } from '../../periodic';
import type { AddressAllowance } from './address-policy';
import { useDefaultHealthInterval } from './freshness';
import { probeUrl, type ProbeOutcome } from './http-probe';

/** The prober's settings (HEALTH_CHECK_* in env.ts; docs/health-checks.md). */
export interface ProberSettings {
  intervalSeconds: number;
  timeoutMs: number;
  /** Consecutive failures that make a slot unhealthy, and successes that make it healthy. */
  failureThreshold: number;
  successThreshold: number;
  allowance: AddressAllowance;
}

/** How often a process looks for due slots (each slot still waits its own interval). */
export const PROBER_PASS_MS = 1000;

/** The prober's settings from the environment. */
export const proberSettingsOf = (env: Env): ProberSettings => ({
  intervalSeconds: env.HEALTH_CHECK_INTERVAL,
  timeoutMs: env.HEALTH_CHECK_TIMEOUT,
  failureThreshold: env.HEALTH_CHECK_FAILURE_THRESHOLD,
  successThreshold: env.HEALTH_CHECK_SUCCESS_THRESHOLD,
  allowance: env.HEALTH_CHECK_ALLOW,
});

/** Probes one pass takes at most, and how many run at once. */
const PASS_LIMIT = 100;
const CONCURRENCY = 8;

const KINDS: SlotKind<unknown>[] = [microfrontendSlots, capabilitySlots];

interface Claimed {
  kind: SlotKind<unknown>;
  id: string;
  url: string;
}

/**
 * Takes the slots due for a probe and moves their next check one interval on, in one transaction that
 * commits before any HTTP call: the rows are claimed FOR UPDATE SKIP LOCKED, so several processes on one
 * database each take different slots, and a slot taken is not due again for an interval. Each URL is
 * probed once per interval, whatever the number of processes.
 */
async function claimDue(db: Database, now: Date, settings: ProberSettings): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const claimed: Claimed[] = [];
    for (const kind of KINDS) {
      const table = slotTable(kind);
      const rows = await tx
        .select({ id: table.id, url: table.healthCheckUrl, interval: table.healthCheckIntervalSeconds })
        .from(table)
        .where(
          and(
            isNotNull(table.healthCheckUrl),
            or(isNull(table.nextHealthCheckAt), lte(table.nextHealthCheckAt, now.toISOString())),
          ),
        )
        .orderBy(table.nextHealthCheckAt)
        .limit(PASS_LIMIT - claimed.length)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const seconds = row.interval ?? settings.intervalSeconds;
        const next = new Date(now.getTime() + seconds * 1000).toISOString();
        await tx.update(table).set({ nextHealthCheckAt: next }).where(eq(table.id, row.id));
        if (row.url) claimed.push({ kind, id: row.id, url: row.url });
      }
    }
    return claimed;
  });
}

/** The status after one more result, by the thresholds: unchanged until a threshold is reached. */
export function nextHealth(
  current: { healthStatus: string; healthFailures: number; healthSuccesses: number },
  ok: boolean,
  settings: Pick<ProberSettings, 'failureThreshold' | 'successThreshold'>,
) {
  const healthFailures = ok ? 0 : current.healthFailures + 1;
  const healthSuccesses = ok ? current.healthSuccesses + 1 : 0;
  let healthStatus = current.healthStatus;
  if (ok && healthSuccesses >= settings.successThreshold) healthStatus = 'healthy';
  if (!ok && healthFailures >= settings.failureThreshold) healthStatus = 'unhealthy';
  return { healthStatus, healthFailures, healthSuccesses };
}

/**
 * Records one probe: the slot's counters, status, reason and last check, a history row (the oldest beyond
 * HEALTH_HISTORY_LIMIT dropped), and an audit event by "system" when the status changed (which also tells
 * open consoles). A slot deleted or redeployed with another URL meanwhile is left alone.
 */
async function record(
  tx: Transaction,
  claimed: Claimed,
  outcome: ProbeOutcome,
  at: Date,
  settings: ProberSettings,
) {
  const table = slotTable(claimed.kind);
  const [slot] = await tx.select().from(table).where(eq(table.id, claimed.id)).for('update');
  if (!slot || slot.healthCheckUrl !== claimed.url) return;
  const next = nextHealth(slot, outcome.ok, settings);
  const checkedAt = at.toISOString();
  await tx
    .update(table)
    .set({ ...next, healthReason: outcome.reason, lastHealthCheck: checkedAt })
    .where(eq(table.id, slot.id));
  await tx.insert(deploymentHealthResults).values({
    resourceType: claimed.kind.resourceType,
    deploymentId: slot.id,
    checkedAt,
    ok: outcome.ok,
    statusCode: outcome.statusCode,
    reason: outcome.reason,
    durationMs: outcome.durationMs,
  });
  const kept = tx
    .select({ id: deploymentHealthResults.id })
    .from(deploymentHealthResults)
    .where(eq(deploymentHealthResults.deploymentId, slot.id))
    .orderBy(desc(deploymentHealthResults.checkedAt), desc(deploymentHealthResults.id))
    .limit(HEALTH_HISTORY_LIMIT);
  await tx
    .delete(deploymentHealthResults)
    .where(
      and(eq(deploymentHealthResults.deploymentId, slot.id), notInArray(deploymentHealthResults.id, kept)),
    );
  if (next.healthStatus !== slot.healthStatus) {
    const resourceId = propertyOf(slot, claimed.kind.resourceColumn);
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'deployment.health',
      resourceType: 'deployment',
      resourceId: typeof resourceId === 'string' ? resourceId : null,
      changes: {
        kind: claimed.kind.resourceType,
        environment: slot.environment,
        slot: slot.slot,
        from: slot.healthStatus,
        to: next.healthStatus,
        reason: outcome.reason,
      },
    });
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  // One iterator shared by the workers: each takes the next item as soon as it is free.
  const queue = items.values();
  const worker = async () => {
    for (const item of queue) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One pass: claims the due slots, probes them, records each result. Answers how many were probed. */
export async function runDueProbes(db: Database, settings: ProberSettings, now: Date = new Date()) {
  const due = await claimDue(db, now, settings);
  await eachLimited(due, CONCURRENCY, async (claimed) => {
    const outcome = await probeUrl(claimed.url, settings);
    await db.transaction((tx) => record(tx, claimed, outcome, new Date(), settings));
  });
  return due.length;
}

export interface Prober extends PeriodicTask {
  startedAt: Date;
  /** When the last pass finished without error (the metrics' prober lag); undefined before one has. */
  lastPassCompletedAt(): Date | undefined;
}

/** Runs runDueProbes every `passMs` in this process (each slot still waits its own interval). */
export function startProber(
  db: Database,
  settings: ProberSettings,
  options: { passMs: number; onError: (error: unknown) => void },
): Prober {
  let lastPassCompletedAt: Date | undefined;
  // The gate and the rollouts judge a result's age by this process's interval (freshness.ts).
  useDefaultHealthInterval(settings.intervalSeconds);
  const task = startPeriodicTask(
    async () => {
      await runDueProbes(db, settings);
      lastPassCompletedAt = new Date();
    },
    { intervalMs: options.passMs, onError: options.onError },
  );
  return { ...task, startedAt: new Date(), lastPassCompletedAt: () => lastPassCompletedAt };
}
