import { environmentNames, environments, isEnvironment, isOneOf, type Environment } from '@contract/common';

/** The type tab: what the page deploys. */
export const resourceKinds = ['microfrontends', 'capabilities'] as const;
export type ResourceKind = (typeof resourceKinds)[number];

export const kindText: Record<ResourceKind, { tab: string; noun: string; label: string }> = {
  microfrontends: { tab: 'Microfrontends', noun: 'microfrontend', label: 'Microfrontend' },
  capabilities: { tab: 'Capabilities', noun: 'capability', label: 'Capability' },
};

/** The contract's environment names (Development, UAT, Production). */
export { environmentNames as environmentLabels, environments, isEnvironment, type Environment };

/** docs/product.md, Constants and limits: deployments default to production. */
export const DEFAULT_ENVIRONMENT: Environment = 'production';

export const isResourceKind = (value: string | null): value is ResourceKind => isOneOf(resourceKinds, value);
