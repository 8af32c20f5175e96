import type { HealthResult } from '@contract/rollouts';
import type { SlotName, SlotRow } from '@/deployments/lib/slots';
import { formatLocaleTime } from '@/lib/format';

/** A slot's probes for the strip: oldest to newest (the API answers newest first). */
export const slotProbes = (results: readonly HealthResult[], slot: SlotName): HealthResult[] =>
  results.filter((result) => result.slot === slot).reverse();

/** A probe in words, for its cell's label and tooltip: "Healthy · 200 · 12:03:15", "Failed · HTTP 503 · …". */
export function probeLabel(result: HealthResult): string {
  const time = formatLocaleTime(new Date(result.checkedAt));
  if (result.ok) return ['Healthy', result.statusCode ?? 'OK', time].join(' · ');
  const reason = result.reason ?? (result.statusCode ? `HTTP ${result.statusCode}` : 'No answer');
  return ['Failed', reason, time].join(' · ');
}

const slotTitle = (slot: string) => `${slot.charAt(0).toUpperCase()}${slot.slice(1)} slot`;

const isUnhealthy = (row: SlotRow) => row.healthStatus.toLowerCase() === 'unhealthy';

/**
 * A slot with no health check configured: the gate lets traffic go to it "not checked" (unless the
 * platform requires health checks in production, which the server says when it refuses).
 */
export const isNotChecked = (row: SlotRow | undefined): boolean =>
  !!row && !row.healthCheckUrl && !isUnhealthy(row);

/**
 * Why a switch to this slot would be refused by the health gate (docs/health-checks.md, The health gate),
 * in the server's words; null when the slot is healthy or has no health check.
 */
export function healthGateProblem(row: SlotRow | undefined): string | null {
  if (!row || isNotChecked(row) || row.healthStatus.toLowerCase() === 'healthy') return null;
  if (isUnhealthy(row))
    return `${slotTitle(row.slot)} is unhealthy${row.healthReason ? ` (${row.healthReason})` : ''}`;
  return `${slotTitle(row.slot)} has not passed a health check yet`;
}
