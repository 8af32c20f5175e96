import { environments, isEnvironment, type Environment } from '@contract/vocabulary';
import type { SlotOwnerKind } from '@contract/rollouts';
import { isOneOf } from '@contract/sets';

/** The type tab: what the page deploys. */
export const resourceKinds = ['microfrontends', 'capabilities'] as const;
export type ResourceKind = (typeof resourceKinds)[number];

export const kindText: Record<ResourceKind, { tab: string; noun: string; label: string }> = {
  microfrontends: { tab: 'Microfrontends', noun: 'microfrontend', label: 'Microfrontend' },
  capabilities: { tab: 'Capabilities', noun: 'capability', label: 'Capability' },
};

/** The health and rollout routes name the kind in the singular (`/api/rollouts/capability/...`). */
export const slotOwnerKind: Record<ResourceKind, SlotOwnerKind> = {
  microfrontends: 'microfrontend',
  capabilities: 'capability',
};

export { environments, isEnvironment, type Environment };

/** docs/product.md, Constants and limits: deployments default to production. */
export const DEFAULT_ENVIRONMENT: Environment = 'production';

export const isResourceKind = (value: string | null): value is ResourceKind => isOneOf(resourceKinds, value);
