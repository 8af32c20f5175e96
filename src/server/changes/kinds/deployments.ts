import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { Environment, Slot } from '../../../contract/common';
import {
  LIVE_TRAFFIC_PERCENTAGE,
  type CapabilityDeployment,
  type DeploymentStatus,
  type MicrofrontendDeployment,
} from '../../../contract/deployments';
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
  type DeploymentLanding,
  type SlotKind,
  deployToIdleSlot,
  microfrontendSlots,
  publishedVersionOf,
  switchSlots,
} from '../../delivery/deployments/service';
import { lockOwner } from '../../delivery/deployments/slots';
import { assertNoActiveRollout } from '../../delivery/rollouts/model';
import { progressiveLabel, switchNotes } from './switch-notes';
import { undoBy } from './inverse';
import { irreversible, type ChangeHandler, type ChangeSnapshot, type ChangeTarget } from './types';

type MicrofrontendSwitch = Extract<Change, { kind: 'microfrontend_deployment.switch' }>;
type CapabilitySwitch = Extract<Change, { kind: 'capability_deployment.switch' }>;
type MicrofrontendDeploy = Extract<Change, { kind: 'microfrontend_deployment.deploy' }>;
type CapabilityDeploy = Extract<Change, { kind: 'capability_deployment.deploy' }>;

/**
 * What a slot serves: a reviewer approves these, so a change to any of them between request and
 * approval makes the request stale (served-deployments.test.ts lists every column as served or not).
 * Health, timestamps and who deployed are not served; the slot name is the key.
 */
const SERVED_FIELDS = {
  microfrontend: ['versionId', 'deployedUrl', 'status', 'trafficPercentage'],
  capability: ['version', 'endpoint', 'deployedUrl', 'status', 'trafficPercentage'],
} as const;

type Resource = keyof typeof SERVED_FIELDS;

/** One slot as a change sees it: which it is, whether it is live, and the fields it serves. */
interface SlotView {
  slot: Slot;
  status: DeploymentStatus;
  trafficPercentage: number;
  served: Record<string, unknown>;
}

export async function resourceName(tx: Transaction, kind: Resource, id: string) {
  const table = kind === 'microfrontend' ? microfrontends : capabilities;
  const [row] = await tx.select({ name: table.name }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(kind === 'microfrontend' ? 'Microfrontend' : 'Capability');
  return row.name;
}

const servedOf = (kind: Resource, row: Record<string, unknown>) =>
  Object.fromEntries(SERVED_FIELDS[kind].map((field) => [field, row[field] ?? null]));

async function slots(
  tx: Transaction,
  kind: Resource,
  id: string,
  environment: Environment,
): Promise<SlotView[]> {
  const rows =
    kind === 'microfrontend'
      ? await tx
          .select()
          .from(microfrontendDeployments)
          .where(
            and(
              eq(microfrontendDeployments.microfrontendId, id),
              eq(microfrontendDeployments.environment, environment),
            ),
          )
          .orderBy(asc(microfrontendDeployments.slot))
      : await tx
          .select()
          .from(capabilityDeployments)
          .where(
            and(
              eq(capabilityDeployments.capabilityId, id),
              eq(capabilityDeployments.environment, environment),
            ),
          )
          .orderBy(asc(capabilityDeployments.slot));
  return rows.map((r) => ({
    slot: r.slot,
    status: r.status,
    trafficPercentage: r.trafficPercentage,
    served: servedOf(kind, r),
  }));
}

/** What each slot serves, by slot: the diff reviewers read and the fingerprint of the state. */
const view = (rows: SlotView[]) => Object.fromEntries(rows.map((r) => [r.slot, r.served]));

/** A platform change of one resource's slots in one environment, titled with the resource's name. */
async function slotsTarget(
  tx: Transaction,
  kind: Resource,
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
  kind: Resource,
  id: string,
  environment: Environment,
  after: (rows: SlotView[]) => SlotView[],
): Promise<ChangeSnapshot> {
  const name = await resourceName(tx, kind, id);
  const rows = await slots(tx, kind, id, environment);
  return {
    fingerprint: JSON.stringify(view(rows)),
    diff: [{ label: `${name} · ${environment}`, before: view(rows), after: view(after(rows)) }],
  };
}

/** A slot with another traffic state, its served view following. */
const withTraffic = (row: SlotView, status: DeploymentStatus, trafficPercentage: number): SlotView => ({
  ...row,
  status,
  trafficPercentage,
  served: { ...row.served, status, trafficPercentage },
});

/** The switch swaps which slot is live; the diff shows it that way. */
const swapped = (rows: SlotView[]) =>
  rows.map((r) => {
    const other = rows.find((o) => o.slot !== r.slot);
    return other ? withTraffic(r, other.status, other.trafficPercentage) : r;
  });

/** Whose slots a change moves: a shared microfrontend's or capability's, named in the change's body. */
interface SlotOwner<C, R> {
  kind: Resource;
  slotKind: SlotKind<R>;
  idOf: (change: C) => string;
}

const microfrontendOwner = {
  kind: 'microfrontend' as const,
  slotKind: microfrontendSlots,
  idOf: (change: { body: { microfrontendId: string } }) => change.body.microfrontendId,
};
const capabilityOwner = {
  kind: 'capability' as const,
  slotKind: capabilitySlots,
  idOf: (change: { body: { capabilityId: string } }) => change.body.capabilityId,
};

/** A slot switch of a shared microfrontend or capability: a platform change. */
function switchHandler<C extends MicrofrontendSwitch | CapabilitySwitch, R>({
  kind,
  slotKind,
  idOf,
}: SlotOwner<C, R>): ChangeHandler<C, R[]> {
  return {
    target: (tx, change) =>
      slotsTarget(
        tx,
        kind,
        idOf(change),
        change.body.environment,
        (name) =>
          `Switch ${name} slots in ${change.body.environment}${
            change.body.progressive ? ` (${progressiveLabel(change.body.progressive)})` : ''
          }`,
      ),
    async snapshot(tx, change) {
      const snapshot = await slotsSnapshot(tx, kind, idOf(change), change.body.environment, swapped);
      return { ...snapshot, diff: [...snapshot.diff, ...switchNotes(change.body)] };
    },
    // Switching back at once (a rollout's own rollback already puts its traffic back: releases.ts).
    async undo(tx, change) {
      const rows = await slots(tx, kind, idOf(change), change.body.environment);
      const live = rows.find((r) => r.trafficPercentage > 0 && r.status === 'active');
      const idle = rows.find((r) => r !== live);
      if (!live || !idle) return irreversible('No slot was live to switch back to');
      const { progressive: _progressive, force: _force, forceReason: _reason, ...body } = change.body;
      return undoBy([{ kind: change.kind, body: { ...body, fromSlot: idle.slot, toSlot: live.slot } }]);
    },
    apply(tx, change, actor) {
      const { environment, ...request } = change.body;
      return switchSlots(tx, slotKind, idOf(change), environment, request, actor);
    },
  };
}

export const microfrontendSwitch = switchHandler<MicrofrontendSwitch, MicrofrontendDeployment>(
  microfrontendOwner,
);
export const capabilitySlotSwitch = switchHandler<CapabilitySwitch, CapabilityDeployment>(capabilityOwner);

/** What a deployment writes into its slot, as its endpoint does: the version and where it is served. */
async function landingOf(tx: Transaction, change: MicrofrontendDeploy | CapabilityDeploy) {
  const { body } = change;
  const health = {
    healthCheckUrl: body.healthCheckUrl,
    healthCheckIntervalSeconds: body.healthCheckIntervalSeconds,
  };
  if ('versionId' in body) {
    const version = await publishedVersionOf(tx, body.microfrontendId, body.versionId);
    return { versionId: body.versionId, deployedUrl: version.entryUrl, ...health };
  }
  const endpoint = body.endpoint ?? null;
  return { version: body.version, endpoint, deployedUrl: endpoint, ...health };
}

/** The slots after a deployment: it lands in the idle one, or in blue going live when nothing is live. */
function afterDeploy(kind: Resource, rows: SlotView[], landing: Record<string, unknown>): SlotView[] {
  const { slot, goesLive } = deploymentTarget(rows);
  const traffic: Pick<SlotView, 'status' | 'trafficPercentage'> = goesLive
    ? { status: 'active', trafficPercentage: LIVE_TRAFFIC_PERCENTAGE }
    : { status: 'inactive', trafficPercentage: 0 };
  const landed = { slot, ...traffic, served: servedOf(kind, { ...landing, ...traffic }) };
  return [...rows.filter((r) => r.slot !== slot), landed].sort((a, b) => a.slot.localeCompare(b.slot));
}

/**
 * A deployment of a shared microfrontend or capability: a change when it is the environment's first,
 * which goes live (its gate, judged on the locked slots; deploying into the idle slot is no change).
 * Applied later, it lands wherever the endpoint would put it then.
 */
function deployHandler<C extends MicrofrontendDeploy | CapabilityDeploy, R>({
  kind,
  slotKind,
  idOf,
}: SlotOwner<C, R>): ChangeHandler<C, R[], DeploymentLanding> {
  return {
    target: (tx, change) =>
      slotsTarget(
        tx,
        kind,
        idOf(change),
        change.body.environment,
        async (name) => `Deploy ${name} ${await versionLabel(tx, change)} in ${change.body.environment}`,
      ),
    async snapshot(tx, change) {
      const landing = await landingOf(tx, change);
      return slotsSnapshot(tx, kind, idOf(change), change.body.environment, (rows) =>
        afterDeploy(kind, rows, landing),
      );
    },
    gate: (change, landing) => (landing.goesLive ? change.body.environment : null),
    undo: async () => irreversible('A deployment stays in its slot; switch back or deploy again instead'),
    async apply(tx, change, actor, direct) {
      const landing = await landingOf(tx, change);
      // Under the resource's lock (deployToIdleSlot takes it again in this transaction): while a rollout
      // splits traffic neither slot is idle.
      await lockOwner(tx, slotKind, idOf(change));
      await assertNoActiveRollout(tx, kind, idOf(change), change.body.environment);
      return deployToIdleSlot(
        tx,
        slotKind,
        idOf(change),
        change.body.environment,
        landing,
        actor,
        direct?.onLocked,
      );
    },
  };
}

/** What a person calls the version; an unpublished microfrontend version is refused here (409). */
async function versionLabel(tx: Transaction, change: MicrofrontendDeploy | CapabilityDeploy) {
  const { body } = change;
  if (!('versionId' in body)) return body.version;
  return (await publishedVersionOf(tx, body.microfrontendId, body.versionId)).version;
}

export const microfrontendDeploy = deployHandler<MicrofrontendDeploy, MicrofrontendDeployment>(
  microfrontendOwner,
);
export const capabilityDeploy = deployHandler<CapabilityDeploy, CapabilityDeployment>(capabilityOwner);
