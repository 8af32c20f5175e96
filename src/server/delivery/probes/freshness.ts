import type { SlotRow } from '../deployments/slots';

/*
 * How old a health result may be and still count (docs/health-checks.md): three probe intervals. An older
 * one says nothing about now (the prober stalled, or stopped reaching the slot), so the gate and the
 * rollouts read it as unknown.
 */

/** The probe intervals a result stays fresh for. */
export const FRESH_INTERVALS = 3;

/**
 * HEALTH_CHECK_INTERVAL in this process: env.ts's default until the prober starts with the configured one
 * (every server process starts one, before it listens).
 */
let defaultIntervalSeconds = 15;

export function useDefaultHealthInterval(seconds: number): void {
  defaultIntervalSeconds = seconds;
}

/** How long a slot's result stays fresh: three of its own interval, or of HEALTH_CHECK_INTERVAL. */
export function freshForSeconds(slot: Pick<SlotRow, 'healthCheckIntervalSeconds'>): number {
  return FRESH_INTERVALS * (slot.healthCheckIntervalSeconds ?? defaultIntervalSeconds);
}

/** Whether the slot's last result is too old to count (or there is none). */
export function isHealthStale(
  slot: Pick<SlotRow, 'lastHealthCheck' | 'healthCheckIntervalSeconds'>,
  now: Date,
): boolean {
  if (!slot.lastHealthCheck) return true;
  return now.getTime() - Date.parse(slot.lastHealthCheck) > freshForSeconds(slot) * 1000;
}
