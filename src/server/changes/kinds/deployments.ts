import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import { LIVE_TRAFFIC_PERCENTAGE } from '../../../contract/deployments';
import type { Transaction } from '../../db/client';
import {
  capabilities,
  capabilityDeployments,
  microfrontendDeployments,
  microfrontends,
} from '../../db/schema';
import { notFound } from '../../errors';
import {
  capabilitySlots,
  deploymentTarget,
  deployToIdleSlot,
  microfrontendSlots,
  publishedVersionOf,
  switchSlots,
} from '../../deployments/service';
import type { ChangeHandler, ChangeSnapshot, ChangeTarget } from './types';

type MicrofrontendSwitch = Extract<Change, { kind: 'microfrontend_deployment.switch' }>;
type CapabilitySwitch = Extract<Change, { kind: 'capability_deployment.switch' }>;
type MicrofrontendDeploy = Extract<Change, { kind: 'microfrontend_deployment.deploy' }>;
type CapabilityDeploy = Extract<Change, { kind: 'capability_deployment.deploy' }>;

interface SlotView {
  slot: string;
  status: string;
  trafficPercentage: number;
  version: string;
}

async function resourceName(tx: Transaction, kind: 'microfrontend' | 'capability', id: string) {
  const table = kind === 'microfrontend' ? microfrontends : capabilities;
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(kind === 'microfrontend' ? 'Microfrontend' : 'Capability');
  return row.name;
}

async function slots(
  tx: Transaction,
  kind: 'microfrontend' | 'capability',
  id: string,
  environment: string,
): Promise<SlotView[]> {
  if (kind === 'microfrontend') {
    const t = microfrontendDeployments;
    return tx
      .select({
        slot: t.slot,
        status: t.status,
        trafficPercentage: t.trafficPercentage,
        version: t.versionId,
      })
      .from(t)
      .where(and(eq(t.microfrontendId, id), eq(t.environment, environment)))
      .orderBy(asc(t.slot));
  }
  const t = capabilityDeployments;
  return tx
    .select({ slot: t.slot, status: t.status, trafficPercentage: t.trafficPercentage, version: t.version })
    .from(t)
    .where(and(eq(t.capabilityId, id), eq(t.environment, environment)))
    .orderBy(asc(t.slot));
}

/** Which slot is live, and what each holds: the state a switch moves. */
const view = (rows: SlotView[]) =>
  Object.fromEntries(rows.map((r) => [r.slot, `${r.version} · ${r.status} · ${r.trafficPercentage}%`]));

/** A platform change of one resource's slots in one environment, titled with the resource's name. */
async function slotsTarget(
  tx: Transaction,
  kind: 'microfrontend' | 'capability',
  id: string,
  environment: ChangeTarget['environment'],
  title: (name: string) => string | Promise<string>,
): Promise<ChangeTarget> {
  const name = await resourceName(tx, kind, id);
  return { scope: null, environment, action: null, title: await title(name) };
}

/** The slots before, and as `after` leaves them; any change to them makes the request stale. */
async function slotsSnapshot(
  tx: Transaction,
  kind: 'microfrontend' | 'capability',
  id: string,
  environment: string,
  after: (rows: SlotView[]) => SlotView[],
): Promise<ChangeSnapshot> {
  const name = await resourceName(tx, kind, id);
  const rows = await slots(tx, kind, id, environment);
  return {
    fingerprint: JSON.stringify(rows),
    diff: [{ label: `${name} · ${environment}`, before: view(rows), after: view(after(rows)) }],
  };
}

/** The switch swaps which slot is live; the diff shows it that way. */
const swapped = (rows: SlotView[]) =>
  rows.map((r) => {
    const other = rows.find((o) => o.slot !== r.slot);
    return other ? { ...r, status: other.status, trafficPercentage: other.trafficPercentage } : r;
  });

/** A slot switch of a shared microfrontend or capability: a platform change. */
function switchHandler<C extends MicrofrontendSwitch | CapabilitySwitch>(
  kind: 'microfrontend' | 'capability',
  idOf: (change: C) => string,
): ChangeHandler<C> {
  return {
    target: (tx, change) =>
      slotsTarget(
        tx,
        kind,
        idOf(change),
        change.body.environment,
        (name) => `Switch ${name} slots in ${change.body.environment}`,
      ),
    snapshot: (tx, change) => slotsSnapshot(tx, kind, idOf(change), change.body.environment, swapped),
    async apply(tx, change, actor) {
      const { environment, fromSlot, toSlot } = change.body;
      if (kind === 'microfrontend') {
        await switchSlots(tx, microfrontendSlots, idOf(change), environment, { fromSlot, toSlot }, actor);
      } else {
        await switchSlots(tx, capabilitySlots, idOf(change), environment, { fromSlot, toSlot }, actor);
      }
    },
  };
}

export const microfrontendSwitch = switchHandler<MicrofrontendSwitch>(
  'microfrontend',
  (c) => c.body.microfrontendId,
);
export const capabilitySlotSwitch = switchHandler<CapabilitySwitch>('capability', (c) => c.body.capabilityId);

/** The slot a deployment lands in: the idle one, or blue when nothing is live (then it goes live). */
function afterDeploy(rows: SlotView[], version: string): SlotView[] {
  const { slot, goesLive } = deploymentTarget(rows);
  const landed = goesLive
    ? { slot, status: 'active', trafficPercentage: LIVE_TRAFFIC_PERCENTAGE, version }
    : { slot, status: 'inactive', trafficPercentage: 0, version };
  return [...rows.filter((r) => r.slot !== slot), landed].sort((a, b) => a.slot.localeCompare(b.slot));
}

/**
 * A deployment of a shared microfrontend or capability: a change when it is the environment's first,
 * which goes live (the endpoint refuses only that one). Applied later, it lands wherever the endpoint
 * would put it then.
 */
function deployHandler<C extends MicrofrontendDeploy | CapabilityDeploy>(
  kind: 'microfrontend' | 'capability',
  idOf: (change: C) => string,
  versionOf: (change: C) => string,
): ChangeHandler<C> {
  return {
    target: (tx, change) =>
      slotsTarget(
        tx,
        kind,
        idOf(change),
        change.body.environment,
        async (name) => `Deploy ${name} ${await versionLabel(tx, change)} in ${change.body.environment}`,
      ),
    snapshot: (tx, change) =>
      slotsSnapshot(tx, kind, idOf(change), change.body.environment, (rows) =>
        afterDeploy(rows, versionOf(change)),
      ),
    async apply(tx, change, actor) {
      const { body } = change;
      if ('versionId' in body) {
        const version = await publishedVersionOf(tx, body.microfrontendId, body.versionId);
        await deployToIdleSlot(
          tx,
          microfrontendSlots,
          body.microfrontendId,
          body.environment,
          { versionId: body.versionId, deployedUrl: version.entryUrl },
          actor,
        );
      } else {
        const endpoint = body.endpoint ?? null;
        await deployToIdleSlot(
          tx,
          capabilitySlots,
          body.capabilityId,
          body.environment,
          { version: body.version, endpoint, deployedUrl: endpoint },
          actor,
        );
      }
    },
  };
}

/** What a person calls the version; an unpublished microfrontend version is refused here (409). */
async function versionLabel(tx: Transaction, change: MicrofrontendDeploy | CapabilityDeploy) {
  const { body } = change;
  if (!('versionId' in body)) return body.version;
  return (await publishedVersionOf(tx, body.microfrontendId, body.versionId)).version;
}

// A microfrontend slot holds the version's id, as the switch's diff shows it.
export const microfrontendDeploy = deployHandler<MicrofrontendDeploy>(
  'microfrontend',
  (c) => c.body.microfrontendId,
  (c) => c.body.versionId,
);
export const capabilityDeploy = deployHandler<CapabilityDeploy>(
  'capability',
  (c) => c.body.capabilityId,
  (c) => c.body.version,
);
