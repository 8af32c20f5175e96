import type { CapabilityDeployment, MicrofrontendDeployment } from '@contract/deployments';
import { LIVE_TRAFFIC_PERCENTAGE } from '@contract/vocabulary';
import { formatLocaleDateTime } from '@/lib/format';

/** One blue or green slot row of either kind. */
export type SlotRow = MicrofrontendDeployment | CapabilityDeployment;
export type SlotName = 'blue' | 'green';
export const slotNames: SlotName[] = ['blue', 'green'];

/** docs/product.md, States and transitions: live means active with all the traffic. */
export const isLive = (row: SlotRow): boolean =>
  row.status.toLowerCase() === 'active' && row.trafficPercentage === LIVE_TRAFFIC_PERCENTAGE;

export const isIdle = (row: SlotRow): boolean => row.status.toLowerCase() === 'inactive';

/**
 * Which slot a deployment lands in, as the server decides: the one that is not live, staying inactive;
 * without a live slot (the first deployment of an environment), blue, going live at once.
 */
export function targetSlot(rows: SlotRow[]): { slot: SlotName; goesLive: boolean } {
  const live = rows.find(isLive);
  if (!live) return { slot: 'blue', goesLive: true };
  return { slot: live.slot === 'blue' ? 'green' : 'blue', goesLive: false };
}

/**
 * The switch a slot pair allows: from the one live slot to the one inactive slot (docs/product.md,
 * States and transitions); null for anything else ('Cannot switch').
 */
export function switchPlan(rows: SlotRow[]): { fromSlot: SlotName; toSlot: SlotName } | null {
  const live = rows.filter(isLive);
  const idle = rows.filter(isIdle);
  const [from] = live;
  const [to] = idle;
  if (live.length !== 1 || idle.length !== 1 || !from || !to || from.slot === to.slot) return null;
  if (!isSlotName(from.slot) || !isSlotName(to.slot)) return null;
  return { fromSlot: from.slot, toSlot: to.slot };
}

const isSlotName = (value: string): value is SlotName => value === 'blue' || value === 'green';

/** The version a slot runs: a microfrontend's versionId resolved through its versions, else the id. */
export function slotVersion(row: SlotRow, versionNames: ReadonlyMap<string, string>): string {
  return 'versionId' in row ? (versionNames.get(row.versionId) ?? row.versionId) : row.version;
}

/** A timestamp as a local date and time, or 'N/A' when missing or unparseable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : formatLocaleDateTime(date);
}
