import { eq } from 'drizzle-orm';
import {
  parseBlueGreenConfig,
  slotVersionGoesLive,
  slotVersionOf,
  type BlueGreenConfig,
  type EnvironmentBlueGreen,
} from '../../../contract/blue-green';
import type { Change } from '../../../contract/changes';
import { changeBlueGreen, capabilityBlueGreen, tenantBlueGreen } from '../../delivery/blue-green/service';
import { rollback, setSlotVersion, switchSlot } from '../../delivery/blue-green/transitions';
import type { Transaction } from '../../db/client';
import { capabilities, tenants } from '../../db/schema';
import { notFound } from '../../errors';
import { undoBy } from './inverse';
import { irreversible, type ChangeHandler, type ChangeSnapshot, type Undo } from './types';

type Owner = 'tenant' | 'capability';

async function ownerRow(tx: Transaction, owner: Owner, id: string) {
  const table = owner === 'tenant' ? tenants : capabilities;
  const [row] = await tx
    .select({ name: table.name, blueGreenConfig: table.blueGreenConfig })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw notFound(owner === 'tenant' ? 'Tenant' : 'Capability');
  return row;
}

/** What reviewers need of a slot state: which slot is live and what each holds, not the history. */
const slotsView = (state: EnvironmentBlueGreen | undefined) =>
  state
    ? {
        enabled: state.enabled,
        activeSlot: state.activeSlot,
        blueVersion: state.blueVersion,
        greenVersion: state.greenVersion,
      }
    : null;

type Action = 'switch' | 'rollback' | 'slot_version';

/**
 * What must not change between request and apply. A switch or rollback depends on both slots; a slot
 * version only on which slot is live and what that slot holds, so preparing the other slot meanwhile
 * does not make it stale.
 */
function fingerprintView({ body }: BlueGreenChange, state: EnvironmentBlueGreen | undefined) {
  if (!('slot' in body) || !state) return slotsView(state);
  return { enabled: state.enabled, activeSlot: state.activeSlot, version: slotVersionOf(state, body.slot) };
}

/** The pure transition the change runs, told apart by its body: the same one its endpoint runs. */
function transitionOf({ body }: BlueGreenChange) {
  return (config: ReturnType<typeof parseBlueGreenConfig>, at: string) => {
    if ('toVersion' in body) return switchSlot(config, body.environment, body.toVersion, at);
    if ('slot' in body) return setSlotVersion(config, body.environment, body.slot, body.version);
    return rollback(config, body.environment, at);
  };
}

function titleOf(change: BlueGreenChange, name: string): string {
  const { body } = change;
  if ('toVersion' in body) return `Switch ${name} to ${body.toVersion}`;
  if ('slot' in body) return `Set the ${body.slot} slot of ${name} to ${body.version}`;
  return `Roll back ${name}`;
}

/**
 * A switch or rollback is undone by a rollback (the other slot still holds the version it served); a
 * slot's version by setting it back, unless it was the first, which made a slot live.
 */
async function blueGreenUndo(
  tx: Transaction,
  owner: Owner,
  id: string,
  change: BlueGreenChange,
): Promise<Undo<unknown>> {
  const { body } = change;
  const idField = owner === 'tenant' ? { tenantId: id } : { capabilityId: id };
  if (!('slot' in body)) {
    return undoBy([
      { kind: `${owner}_blue_green.rollback`, ...idField, body: { environment: body.environment } },
    ]);
  }
  const state = parseBlueGreenConfig((await ownerRow(tx, owner, id)).blueGreenConfig)[body.environment];
  const version = state ? slotVersionOf(state, body.slot) : '';
  if (!state?.activeSlot || !version) return irreversible('It gives the environment its first live slot');
  return undoBy([{ kind: `${owner}_blue_green.slot_version`, ...idField, body: { ...body, version } }]);
}

type BlueGreenChange = Extract<Change, { kind: `${'tenant' | 'capability'}_blue_green.${Action}` }>;

/**
 * A blue-green switch, rollback or live slot version of a tenant (the tenant's policy) or of a shared
 * capability (the platform's). The after side runs the same pure transition the endpoint runs; when it
 * refuses (nothing to roll back), the diff says so and applying will give the endpoint's 409.
 */
function blueGreenHandler<C extends BlueGreenChange>(
  owner: Owner,
  action: Action,
  idOf: (change: C) => string,
): ChangeHandler<C, { blueGreenConfig: string }, BlueGreenConfig> {
  return {
    // A slot's version is a change only when that slot serves: the live one, or the first version,
    // which goes live. Preparing the idle slot is not. Switches and rollbacks always are.
    gate:
      action === 'slot_version'
        ? ({ body }, config) =>
            'slot' in body && slotVersionGoesLive(config[body.environment], body.slot, body.version)
              ? body.environment
              : null
        : undefined,
    async target(tx, change) {
      const row = await ownerRow(tx, owner, idOf(change));
      const what = titleOf(change, row.name);
      return {
        scope: owner === 'tenant' ? idOf(change) : null,
        environment: change.body.environment,
        action: owner === 'tenant' ? 'blueGreen' : null,
        title: `${what} in ${change.body.environment}`,
      };
    },
    async snapshot(tx, change): Promise<ChangeSnapshot> {
      const row = await ownerRow(tx, owner, idOf(change));
      const config = parseBlueGreenConfig(row.blueGreenConfig);
      const before = config[change.body.environment];
      let after: unknown;
      try {
        after = slotsView(transitionOf(change)(config, new Date().toISOString())[change.body.environment]);
      } catch (error) {
        after = { refused: error instanceof Error ? error.message : String(error) };
      }
      return {
        fingerprint: JSON.stringify(fingerprintView(change, before)),
        diff: [{ label: `${row.name} · ${change.body.environment}`, before: slotsView(before), after }],
      };
    },
    undo: (tx, change) => blueGreenUndo(tx, owner, idOf(change), change),
    apply(tx, change, actor, direct) {
      const transition = transitionOf(change);
      return changeBlueGreen(
        tx,
        owner === 'tenant' ? tenantBlueGreen : capabilityBlueGreen,
        idOf(change),
        action,
        change.body.environment,
        (config, at) => {
          direct?.onLocked?.(config);
          return transition(config, at);
        },
        actor,
      );
    },
  };
}

export const tenantSwitch = blueGreenHandler<Extract<Change, { kind: 'tenant_blue_green.switch' }>>(
  'tenant',
  'switch',
  (c) => c.tenantId,
);
export const tenantRollback = blueGreenHandler<Extract<Change, { kind: 'tenant_blue_green.rollback' }>>(
  'tenant',
  'rollback',
  (c) => c.tenantId,
);
export const capabilitySwitch = blueGreenHandler<Extract<Change, { kind: 'capability_blue_green.switch' }>>(
  'capability',
  'switch',
  (c) => c.capabilityId,
);
export const capabilityRollback = blueGreenHandler<
  Extract<Change, { kind: 'capability_blue_green.rollback' }>
>('capability', 'rollback', (c) => c.capabilityId);
export const tenantSlotVersion = blueGreenHandler<
  Extract<Change, { kind: 'tenant_blue_green.slot_version' }>
>('tenant', 'slot_version', (c) => c.tenantId);
export const capabilitySlotVersion = blueGreenHandler<
  Extract<Change, { kind: 'capability_blue_green.slot_version' }>
>('capability', 'slot_version', (c) => c.capabilityId);
