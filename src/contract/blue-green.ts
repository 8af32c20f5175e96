import { z } from 'zod';
import { environmentSchema, slotSchema, type Environment, type Slot } from './common';

/** One event of an environment's deployment history. */
export const deploymentEventSchema = z.object({
  action: z.string(),
  fromSlot: slotSchema,
  fromVersion: z.string(),
  toSlot: slotSchema,
  toVersion: z.string(),
  timestamp: z.string(),
});
export type DeploymentEvent = z.infer<typeof deploymentEventSchema>;

/** Blue-green state of one environment (docs/product.md, Entities). */
export const environmentBlueGreenSchema = z.object({
  enabled: z.boolean(),
  activeSlot: slotSchema.nullable(),
  blueVersion: z.string(),
  greenVersion: z.string(),
  deploymentHistory: z.array(deploymentEventSchema),
});
export type EnvironmentBlueGreen = z.infer<typeof environmentBlueGreenSchema>;

/** The blueGreenConfig JSON text, parsed: environment -> state. */
export const blueGreenConfigSchema = z.partialRecord(environmentSchema, environmentBlueGreenSchema);
export type BlueGreenConfig = z.infer<typeof blueGreenConfigSchema>;

export const slotVersionOf = (state: EnvironmentBlueGreen, slot: Slot): string =>
  slot === 'blue' ? state.blueVersion : state.greenVersion;

/**
 * Whether `slot` serves the environment: it is the live slot, or nothing is live yet and its first version
 * will go live. A new version there changes what is served, so it falls under the approval policy;
 * preparing the idle slot does not (docs/changes.md).
 */
export const slotServes = (state: EnvironmentBlueGreen | undefined, slot: Slot): boolean =>
  !!state?.enabled && (state.activeSlot ?? slot) === slot;

/** Whether setting `slot` to `version` changes what the environment serves. */
export const slotVersionGoesLive = (
  state: EnvironmentBlueGreen | undefined,
  slot: Slot,
  version: string,
): boolean => !!state && slotServes(state, slot) && slotVersionOf(state, slot) !== version;

/** How many history events the pages show, newest first. */
export const DEPLOYMENT_HISTORY_SHOWN = 5;

export const toggleBlueGreenBodySchema = z.object({ environment: environmentSchema, enabled: z.boolean() });
export const slotVersionBodySchema = z.object({
  environment: environmentSchema,
  slot: slotSchema,
  version: z.string().trim().min(1, 'Version is required').max(100),
});
export const switchSlotBodySchema = z.object({
  environment: environmentSchema,
  toVersion: z.string().trim().min(1, 'Version is required').max(100),
});
export const rollbackBodySchema = z.object({ environment: environmentSchema });

/** Every blue-green endpoint answers with the new config as JSON text. */
export const blueGreenReplySchema = z.object({ blueGreenConfig: z.string() });

export const otherSlot = (slot: Slot): Slot => (slot === 'blue' ? 'green' : 'blue');

/** Parses stored JSON text leniently: unreadable or missing text is an empty config. */
export function parseBlueGreenConfig(text: string | null | undefined): BlueGreenConfig {
  if (!text) return {};
  try {
    const parsed = blueGreenConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The history to show: the last events, newest first. */
export function recentEvents(state: EnvironmentBlueGreen | undefined): DeploymentEvent[] {
  return (state?.deploymentHistory ?? []).slice(-DEPLOYMENT_HISTORY_SHOWN).reverse();
}

export type { Environment, Slot };
