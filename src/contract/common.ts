import { z } from 'zod';
import { isOneOf, labelOf } from './sets';

export { isOneOf, labelOf } from './sets';

/**
 * Optimistic-concurrency revision of an editable resource: 1 when created, +1 on every change. It is
 * the resource's ETag; writes that send it back in If-Match fail with 412 once someone else saved.
 */
export const revisionSchema = z.number().int().min(0);

/** docs/product.md, Constants and limits. */
export const environments = ['development', 'uat', 'production'] as const;
export const environmentSchema = z.enum(environments);
export type Environment = z.infer<typeof environmentSchema>;
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
export const controlPlaneRegionSchema = z.enum(controlPlaneRegions);

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
export const technologySchema = z.enum(technologies);
export type Technology = z.infer<typeof technologySchema>;
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
export const slotSchema = z.enum(slots);
export type Slot = z.infer<typeof slotSchema>;
export const slotNames: Record<Slot, string> = { blue: 'Blue', green: 'Green' };

/** ISO-8601 timestamp string as the API sends it. */
export const timestampSchema = z.string();

/** A path/query id: non-empty, bounded, no slashes. */
export const idParamSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^/]+$/, 'Must not contain "/"');

/** Standard list query for large lists: ?q=&status=&limit=&offset= (total in X-Total-Count). */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const TOTAL_COUNT_HEADER = 'x-total-count';

/** An absolute http or https URL typed by an administrator. */
export const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Must be an http(s) URL');
