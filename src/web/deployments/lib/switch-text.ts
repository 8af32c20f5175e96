import { environmentNames } from '@contract/vocabulary';
import type { SwitchDeploymentInput } from '@/deployments/api/switch-deployment';
import { stepsText } from '@/deployments/lib/rollouts';

/** Production traffic moves: asked before a direct switch and before a bypass alike. */
export const productionQuestion = (name: string, { toSlot, progressive }: SwitchDeploymentInput) =>
  progressive
    ? `Start a progressive rollout of ${name} in Production to the ${toSlot.toUpperCase()} slot?`
    : `Switch ${name} in Production to the ${toSlot.toUpperCase()} slot?`;

/** What the switch does to the environment's traffic, in a sentence. */
export function switchSummary(name: string, input: SwitchDeploymentInput): string {
  const { environment, fromSlot, toSlot, progressive, force } = input;
  const where = environmentNames[environment];
  const from = fromSlot.toUpperCase();
  const to = toSlot.toUpperCase();
  const moves = progressive
    ? `${where} traffic of ${name} moves from the ${from} slot to the ${to} slot in steps (${stepsText(progressive.steps ?? [])}), rolling back on its own if the ${to} slot turns unhealthy.`
    : `All ${where} traffic of ${name} moves from the ${from} slot to the ${to} slot at once. Switching again moves it back.`;
  return force ? `${moves} The health gate is forced.` : moves;
}
