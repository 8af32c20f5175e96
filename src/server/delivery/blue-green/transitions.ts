import type { BlueGreenConfig, EnvironmentBlueGreen } from '../../../contract/blue-green';
import { otherSlot, slotVersionOf } from '../../../contract/blue-green';
import type { Environment, Slot } from '../../../contract/common';
import { conflict } from '../../errors';

/**
 * The blue-green rules, as pure functions of the stored config (shared by tenants and capabilities).
 * Each returns the new config; a refused transition throws a 409 saying why.
 */

const emptyState = (): EnvironmentBlueGreen => ({
  enabled: false,
  activeSlot: null,
  blueVersion: '',
  greenVersion: '',
  deploymentHistory: [],
});

function enabledState(config: BlueGreenConfig, environment: Environment): EnvironmentBlueGreen {
  const state = config[environment];
  if (!state?.enabled) throw conflict(`Blue-green deployment is not enabled for ${environment}`);
  return state;
}

export function toggle(config: BlueGreenConfig, environment: Environment, enabled: boolean): BlueGreenConfig {
  return { ...config, [environment]: { ...(config[environment] ?? emptyState()), enabled } };
}

/** Sets one slot's version. The first version given to an environment without a live slot goes live. */
export function setSlotVersion(
  config: BlueGreenConfig,
  environment: Environment,
  slot: Slot,
  version: string,
): BlueGreenConfig {
  const state = enabledState(config, environment);
  const next = { ...state, [slot === 'blue' ? 'blueVersion' : 'greenVersion']: version };
  return { ...config, [environment]: { ...next, activeSlot: state.activeSlot ?? slot } };
}

/**
 * Makes `toSlot` live with `toVersion` (written into that slot) and records the move in the history as
 * `action`, from the slot live until now.
 */
function goLive(
  config: BlueGreenConfig,
  environment: Environment,
  state: EnvironmentBlueGreen & { activeSlot: Slot },
  move: { action: 'switch' | 'rollback'; toVersion: string; at: string },
): BlueGreenConfig {
  const { action, toVersion, at } = move;
  const fromSlot = state.activeSlot;
  const toSlot = otherSlot(fromSlot);
  const event = {
    action,
    fromSlot,
    fromVersion: slotVersionOf(state, fromSlot),
    toSlot,
    toVersion,
    timestamp: at,
  };
  const next: EnvironmentBlueGreen = {
    ...state,
    [toSlot === 'blue' ? 'blueVersion' : 'greenVersion']: toVersion,
    activeSlot: toSlot,
    deploymentHistory: [...state.deploymentHistory, event],
  };
  return { ...config, [environment]: next };
}

/** Makes the other slot live with `toVersion`, and records the event. */
export function switchSlot(
  config: BlueGreenConfig,
  environment: Environment,
  toVersion: string,
  at: string,
): BlueGreenConfig {
  const state = enabledState(config, environment);
  const { activeSlot } = state;
  if (!activeSlot) throw conflict(`No active slot to switch from in ${environment}`);
  return goLive(config, environment, { ...state, activeSlot }, { action: 'switch', toVersion, at });
}

/** Returns to the previous slot (the other one, with the version it still holds), and records the event. */
export function rollback(config: BlueGreenConfig, environment: Environment, at: string): BlueGreenConfig {
  const state = enabledState(config, environment);
  const { activeSlot } = state;
  if (!activeSlot || state.deploymentHistory.length === 0)
    throw conflict(`Nothing to roll back in ${environment}`);
  const toSlot = otherSlot(activeSlot);
  const toVersion = slotVersionOf(state, toSlot);
  if (!toVersion) throw conflict(`The ${toSlot} slot in ${environment} holds no version to roll back to`);
  return goLive(config, environment, { ...state, activeSlot }, { action: 'rollback', toVersion, at });
}
