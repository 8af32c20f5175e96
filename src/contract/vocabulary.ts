/*
 * The contract's closed sets of values and their labels (environments, regions, statuses, roles...)
 * without zod: a screen that only shows or filters by them need not download the schema library
 * (issue 27). The modules that define the resources' schemas build their enums from these and
 * re-export them, so the server keeps importing them from where it always did.
 */
import { isOneOf, labelOf } from './sets';

/** docs/product.md, Constants and limits. */
export const environments = ['development', 'uat', 'production'] as const;
export type Environment = (typeof environments)[number];
export const isEnvironment = (value: unknown): value is Environment => isOneOf(environments, value);

/** Each environment's name in the console. */
export const environmentNames: Record<Environment, string> = {
  development: 'Development',
  uat: 'UAT',
  production: 'Production',
};
/** The short names of cards and badges (docs/product.md, Labels). */
export const environmentShortNames: Record<Environment, string> = {
  development: 'Dev',
  uat: 'UAT',
  production: 'Prod',
};

/** development Development, uat UAT, production Production; other values raw. */
export const environmentName = labelOf(environmentNames);
/** An environment's name inside a sentence ("the development environment", "in UAT"): no capital but UAT's. */
export const environmentInSentence = (environment: Environment): string =>
  environment === 'uat' ? environmentNames.uat : environmentNames[environment].toLowerCase();

/** Create Tenant data residency regions (7). */
export const residencyRegions = [
  'us-east-1',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'sa-east-1',
] as const;

/** Web app regions (7). Default us-east-1. */
export const webAppRegions = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'ap-southeast-1',
] as const;

/** Capability subscription and control plane regions (11): the web app regions plus four. */
export const controlPlaneRegions = [
  ...webAppRegions,
  'eu-west-2',
  'ap-south-1',
  'ap-southeast-2',
  'ap-northeast-1',
] as const;

export const dataClassifications = ['public', 'internal', 'confidential', 'restricted'] as const;

export const disasterRecoveryTiers = [
  { value: 'tier-0', label: 'Mission Critical', rto: '0-4h', rpo: '0-1h' },
  { value: 'tier-1', label: 'Business Critical', rto: '4-24h', rpo: '1-4h' },
  { value: 'tier-2', label: 'Important', rto: '24-72h', rpo: '4-24h' },
  { value: 'tier-3', label: 'Standard', rto: '72h+', rpo: '24h+' },
] as const;

/** Configure Tenant Infrastructure's identity providers. */
export const identityProviders = ['auth0', 'okta', 'azure-ad', 'google', 'cognito', 'keycloak'] as const;
export type IdentityProvider = (typeof identityProviders)[number];
export const identityProviderNames: Record<IdentityProvider, string> = {
  auth0: 'Auth0',
  okta: 'Okta',
  'azure-ad': 'Azure AD',
  google: 'Google',
  cognito: 'AWS Cognito',
  keycloak: 'Keycloak',
};

/** Configure Tenant Infrastructure's authentication providers. */
export const authProviders = ['oauth2', 'saml', 'oidc', 'jwt'] as const;
export type AuthProvider = (typeof authProviders)[number];
export const authProviderNames: Record<AuthProvider, string> = {
  oauth2: 'OAuth 2.0',
  saml: 'SAML',
  oidc: 'OpenID Connect',
  jwt: 'JWT',
};

/** Web app technologies; a microfrontend version's module type is one of the same. */
export const technologies = ['module-federation', 'web-component', 'iframe-composition'] as const;
export type Technology = (typeof technologies)[number];
/** docs/product.md, Labels. */
export const technologyNames: Record<Technology, string> = {
  'module-federation': 'Module Federation',
  'web-component': 'Web Component',
  'iframe-composition': 'Iframe Composition',
};
/** What each technology does, as Create Web App step 1 explains it. */
export const technologyDescriptions: Record<Technology, string> = {
  'module-federation': 'Load independently deployed bundles at runtime and share dependencies.',
  'web-component': 'Framework-agnostic custom elements with encapsulated markup and styles.',
  'iframe-composition': 'Compose applications in iframes for the strongest isolation.',
};

/** The two deployment slots of blue-green (docs/product.md, Blue-green state). */
export const slots = ['blue', 'green'] as const;
export type Slot = (typeof slots)[number];
export const slotNames: Record<Slot, string> = { blue: 'Blue', green: 'Green' };

export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Each resource's statuses, roles and kinds (their zod enums live with the resource's schema). */
export const tenantStatuses = ['active', 'inactive'] as const;
export const capabilityStatuses = ['available', 'provisioning', 'deprecated'] as const;
export const webAppStatuses = ['running', 'provisioning', 'stopped'] as const;
export const microfrontendVersionStatuses = ['draft', 'published', 'deprecated'] as const;

export const globalRoles = ['user', 'admin'] as const;
export type GlobalRole = (typeof globalRoles)[number];
export const globalRoleNames: Record<GlobalRole, string> = { user: 'User', admin: 'Admin' };
export const userStatuses = ['active', 'inactive'] as const;
/** A person signs in; a service account never does (no password, no SSO): it acts only through API tokens. */
export const userKinds = ['person', 'service'] as const;
export type UserKind = (typeof userKinds)[number];
export const userKindNames: Record<UserKind, string> = { person: 'Person', service: 'Service account' };

/** A progressive rollout's states, those that still hold the traffic split, and its actions (docs/rollouts.md). */
export const rolloutStates = ['running', 'paused', 'watching', 'completed', 'aborted'] as const;
export type RolloutState = (typeof rolloutStates)[number];
export const activeRolloutStates: readonly RolloutState[] = ['running', 'paused', 'watching'];
export const rolloutActions = ['pause', 'resume', 'promote', 'abort'] as const;
export type RolloutAction = (typeof rolloutActions)[number];
/**
 * Promote and resume move traffic on, so where the approval policy asks approvals they are change
 * requests, like a switch; pause and abort move toward safety (traffic held, or back on the stable
 * slot), so anyone who may deploy does them at once (docs/rollouts.md).
 */
export const immediateRolloutActions: readonly RolloutAction[] = ['pause', 'abort'];
export const isImmediateRolloutAction = (action: RolloutAction) => immediateRolloutActions.includes(action);

/** A slot is live when it is active and takes all traffic (docs/product.md, States and transitions). */
export const LIVE_TRAFFIC_PERCENTAGE = 100;
