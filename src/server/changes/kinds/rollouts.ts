import type { Change } from '../../../contract/changes';
import type { Rollout } from '../../../contract/rollouts';
import type { Transaction } from '../../db/client';
import { actionOutcome, applyRolloutAction, findRollout } from '../../delivery/rollouts/actions';
import type { RolloutRow } from '../../delivery/rollouts/model';
import { resourceName } from './deployments';
import type { ChangeHandler } from './types';

type RolloutActionChange = Extract<Change, { kind: 'deployment_rollout.action' }>;

/** Traffic by slot in a given state: what reviewers compare before and after. */
const trafficView = (row: RolloutRow, state: string, toSlotTraffic: number) => ({
  state,
  [row.fromSlot]: `${100 - toSlotTraffic}%`,
  [row.toSlot]: `${toSlotTraffic}%`,
});

async function rolloutAndName(tx: Transaction, change: RolloutActionChange) {
  const row = await findRollout(tx, change.body.rolloutId);
  return { row, name: await resourceName(tx, row.resourceType, row.resourceId) };
}

/**
 * Pause, resume, promote or abort a rollout: a platform change in the rollout's environment, like the
 * switch that started it. Its fingerprint is the rollout's state, step and revision, so a request made
 * before the runner moved the rollout on is stale.
 */
export const rolloutAction: ChangeHandler<RolloutActionChange, Rollout> = {
  async target(tx, change) {
    const { row, name } = await rolloutAndName(tx, change);
    const verb = change.body.action.charAt(0).toUpperCase() + change.body.action.slice(1);
    return {
      scope: null,
      environment: row.environment,
      action: null,
      title: `${verb} the rollout of ${name} in ${row.environment}`,
    };
  },
  async snapshot(tx, change) {
    const { row, name } = await rolloutAndName(tx, change);
    const outcome = actionOutcome(row, change.body.action);
    return {
      fingerprint: JSON.stringify({ state: row.state, stepIndex: row.stepIndex, revision: row.revision }),
      diff: [
        {
          label: `${name} · ${row.environment} rollout`,
          before: trafficView(row, row.state, row.trafficPercentage),
          after: trafficView(row, outcome.state, outcome.trafficPercentage),
        },
      ],
    };
  },
  apply: (tx, change, actor) => applyRolloutAction(tx, change.body, actor),
};
