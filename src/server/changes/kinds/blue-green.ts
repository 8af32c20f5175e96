import { eq } from 'drizzle-orm';
import { parseBlueGreenConfig, type EnvironmentBlueGreen } from '../../../contract/blue-green';
import type { Change } from '../../../contract/changes';
import type { Environment } from '../../../contract/common';
import { changeBlueGreen, capabilityBlueGreen, tenantBlueGreen } from '../../blue-green/service';
import { rollback, switchSlot } from '../../blue-green/transitions';
import type { Transaction } from '../../db/client';
import { capabilities, tenants } from '../../db/schema';
import { notFound } from '../../errors';
import type { ChangeHandler, ChangeSnapshot } from './types';

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

/**
 * A blue-green switch or rollback of a tenant (the tenant's policy) or of a shared capability (the
 * platform's). The after side runs the same pure transition the endpoint runs; when it refuses (nothing
 * to roll back), the diff says so and applying will give the endpoint's 409.
 */
function blueGreenHandler<C extends Extract<Change, { body: { environment: Environment } }>>(
  owner: Owner,
  action: 'switch' | 'rollback',
  idOf: (change: C) => string,
): ChangeHandler<C> {
  const transition = (change: C) => (config: ReturnType<typeof parseBlueGreenConfig>, at: string) =>
    action === 'switch' && 'toVersion' in change.body
      ? switchSlot(config, change.body.environment, change.body.toVersion, at)
      : rollback(config, change.body.environment, at);
  return {
    async target(tx, change) {
      const row = await ownerRow(tx, owner, idOf(change));
      const what =
        action === 'switch' && 'toVersion' in change.body
          ? `Switch ${row.name} to ${change.body.toVersion}`
          : `Roll back ${row.name}`;
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
        after = slotsView(transition(change)(config, new Date().toISOString())[change.body.environment]);
      } catch (error) {
        after = { refused: error instanceof Error ? error.message : String(error) };
      }
      return {
        fingerprint: JSON.stringify(slotsView(before)),
        diff: [{ label: `${row.name} · ${change.body.environment}`, before: slotsView(before), after }],
      };
    },
    async apply(tx, change, actor) {
      await changeBlueGreen(
        tx,
        owner === 'tenant' ? tenantBlueGreen : capabilityBlueGreen,
        idOf(change),
        action,
        change.body.environment,
        transition(change),
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
