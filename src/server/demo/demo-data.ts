import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { seedDemoChangeRequests } from './demo-requests';
import {
  capabilities,
  capabilityDeployments,
  capabilitySubscriptionVersions,
  capabilitySubscriptions,
  gatewayRoutes,
  microfrontendDeployments,
  microfrontendVersions,
  microfrontends,
  notificationTemplates,
  opaPolicies,
  tenants,
  userProfiles,
  users,
  webAppMeshes,
  webApps,
} from '../db/schema';

/**
 * Demo data for an empty database: a small, coherent world (tenants, users, capabilities with versioned
 * configurations, microfrontends, blue-green slots, web apps, one mesh, gateway routes and OPA policies)
 * with stable readable ids and fixed timestamps, so screens and "newest first" orderings look the same
 * on every start.
 */

/** Advisory lock key: two servers on one PostgreSQL must not both seed (the migration lock is 727001). */
export const DEMO_SEED_LOCK_KEY = 727_002;

/** The fixed moment every seeded timestamp is relative to. */
export const DEMO_BASE_DATE = '2026-01-05T09:00:00.000Z';

/** Seeded admin identities (used as createdBy / deployedBy / activatedBy). */
export const DEMO_ADMIN_EMAIL = 'alex.morgan@example.com';
const SECOND_ADMIN_EMAIL = 'priya.raman@example.com';

type TenantRow = typeof tenants.$inferInsert;
type UserRow = typeof users.$inferInsert;
type UserProfileRow = typeof userProfiles.$inferInsert;
type CapabilityRow = typeof capabilities.$inferInsert;
type SubscriptionRow = typeof capabilitySubscriptions.$inferInsert;
type VersionRow = typeof capabilitySubscriptionVersions.$inferInsert;
type TemplateRow = typeof notificationTemplates.$inferInsert;
type MicrofrontendRow = typeof microfrontends.$inferInsert;
type MicrofrontendVersionRow = typeof microfrontendVersions.$inferInsert;
type MicrofrontendDeploymentRow = typeof microfrontendDeployments.$inferInsert;
type CapabilityDeploymentRow = typeof capabilityDeployments.$inferInsert;
type WebAppRow = typeof webApps.$inferInsert;
type MeshRow = typeof webAppMeshes.$inferInsert;
type GatewayRouteRow = typeof gatewayRoutes.$inferInsert;
type OpaPolicyRow = typeof opaPolicies.$inferInsert;

type Env = 'development' | 'uat' | 'production';
type SlotName = 'blue' | 'green';

const BASE_MS = Date.parse(DEMO_BASE_DATE);
const HOUR_MS = 3_600_000;

/** ISO timestamp `days` (may be fractional or negative) plus `hours` after the base date. */
function at(days: number, hours = 0): string {
  return new Date(BASE_MS + days * 24 * HOUR_MS + hours * HOUR_MS).toISOString();
}

const json = (value: unknown): string => JSON.stringify(value);

/** The {{name}} placeholders of the given texts, in order of first appearance. */
export function templatePlaceholders(...texts: (string | null | undefined)[]): string[] {
  const names: string[] = [];
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) {
      const name = match[1];
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------
// Blue-green state: built by replaying events, so activeSlot, slot versions and history always agree.

interface BlueGreenEvent {
  action: 'switch' | 'rollback';
  fromSlot: SlotName;
  fromVersion: string;
  toSlot: SlotName;
  toVersion: string;
  timestamp: string;
}

interface BlueGreenEnvironment {
  enabled: boolean;
  activeSlot: SlotName;
  blueVersion: string;
  greenVersion: string;
  deploymentHistory: BlueGreenEvent[];
}

type BlueGreenStep = { action: 'switch'; toVersion: string; at: string } | { action: 'rollback'; at: string };

function blueGreen(
  enabled: boolean,
  start: { activeSlot: SlotName; blueVersion: string; greenVersion: string },
  steps: BlueGreenStep[],
): BlueGreenEnvironment {
  const state: BlueGreenEnvironment = { enabled, ...start, deploymentHistory: [] };
  for (const step of steps) {
    const fromSlot = state.activeSlot;
    const toSlot: SlotName = fromSlot === 'blue' ? 'green' : 'blue';
    const fromVersion = fromSlot === 'blue' ? state.blueVersion : state.greenVersion;
    const toVersion =
      step.action === 'switch' ? step.toVersion : toSlot === 'blue' ? state.blueVersion : state.greenVersion;
    if (toSlot === 'blue') state.blueVersion = toVersion;
    else state.greenVersion = toVersion;
    state.activeSlot = toSlot;
    state.deploymentHistory.push({
      action: step.action,
      fromSlot,
      fromVersion,
      toSlot,
      toVersion,
      timestamp: step.at,
    });
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------
// Users

// No avatarUrl: the console draws each user's initials on a colour of their own, locally, so the demo
// makes no request to an outside host (an offline install would log one error per picture otherwise).

const USERS: UserRow[] = [
  {
    id: 'user-001',
    email: DEMO_ADMIN_EMAIL,
    name: 'Alex Morgan',
    avatarUrl: null,
    globalRole: 'admin',
    status: 'active',
    createdAt: at(-120),
    lastLoginAt: at(0, -1),
  },
  {
    id: 'user-002',
    email: SECOND_ADMIN_EMAIL,
    name: 'Priya Raman',
    avatarUrl: null,
    globalRole: 'admin',
    status: 'active',
    createdAt: at(-118),
    lastLoginAt: at(-1, 3),
  },
  {
    id: 'user-003',
    email: 'daniel.okafor@example.com',
    name: 'Daniel Okafor',
    avatarUrl: null,
    globalRole: 'user',
    status: 'active',
    createdAt: at(-95),
    lastLoginAt: at(-2, 5),
  },
  {
    id: 'user-004',
    email: 'sofia.martinez@example.com',
    name: 'Sofia Martínez',
    avatarUrl: null,
    globalRole: 'user',
    status: 'active',
    createdAt: at(-80),
    lastLoginAt: at(-3, 2),
  },
  {
    id: 'user-005',
    email: 'kenji.watanabe@example.com',
    name: 'Kenji Watanabe',
    avatarUrl: null,
    globalRole: 'user',
    status: 'active',
    createdAt: at(-60),
    lastLoginAt: null,
  },
  {
    id: 'user-006',
    email: 'emma.schmidt@example.com',
    name: 'Emma Schmidt',
    avatarUrl: null,
    globalRole: 'user',
    status: 'inactive',
    createdAt: at(-110),
    lastLoginAt: at(-41, 4),
  },
  {
    id: 'user-007',
    email: 'liam.obrien@example.com',
    name: "Liam O'Brien",
    avatarUrl: null,
    globalRole: 'user',
    status: 'active',
    createdAt: at(-4),
    lastLoginAt: null,
  },
  {
    id: 'user-008',
    email: 'mei.lin@example.com',
    name: 'Mei Lin',
    avatarUrl: null,
    globalRole: 'user',
    status: 'active',
    createdAt: at(-30),
    lastLoginAt: at(-1, -2),
  },
];

// ---------------------------------------------------------------------------------------------------
// Tenants

const TENANTS: TenantRow[] = [
  {
    id: 'tenant-001',
    name: 'Acme Financial Services',
    description:
      'Retail banking and wealth management platform serving customers across North America and Western Europe.',
    status: 'active',
    owner: DEMO_ADMIN_EMAIL,
    developmentEnabled: true,
    uatEnabled: true,
    productionEnabled: true,
    idpProvider: 'okta',
    idpConfiguration: json({
      domain: 'acme-financial.okta.example.com',
      clientId: '0oa4acmefin7x9demo',
      scopes: ['openid', 'profile', 'email', 'groups'],
      mfaRequired: true,
    }),
    authProvider: 'oidc',
    authConfiguration: json({
      issuer: 'https://acme-financial.okta.example.com/oauth2/default',
      audience: 'api://acme-financial',
      tokenLifetimeMinutes: 60,
      refreshTokenRotation: true,
    }),
    apiGatewayConfiguration: json({
      rateLimit: { requests: 1000, per: 'minute' },
      burst: 200,
      cors: { allowedOrigins: ['https://portal.acme-financial.example.com'] },
      requestTimeoutMs: 30000,
    }),
    policyServerConfiguration: json({
      engine: 'opa',
      bundleUrl: 'https://policies.example.com/bundles/acme-financial.tar.gz',
      decisionLogging: true,
      auditRetention: '90d',
    }),
    dataClassification: 'confidential',
    dataRetentionRequirements:
      'Transaction records 7 years; application logs 1 year; PII purged 30 days after closure.',
    dataResidency: 'us-east-1',
    disasterRecoveryRequirements: 'tier-1',
    privacyLaws: 'SOX, GLBA, CCPA, GDPR',
    allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
    environmentRegionPolicies: json([
      { environment: 'production', regions: ['us-east-1', 'us-west-2'] },
      { environment: 'uat', regions: ['us-west-2', 'eu-west-1'] },
    ]),
    blueGreenConfig: json({
      production: blueGreen(true, { activeSlot: 'blue', blueVersion: '2.2.0', greenVersion: '2.1.4' }, [
        { action: 'switch', toVersion: '2.3.0', at: at(-42, 2) },
        { action: 'rollback', at: at(-42, 5) },
        { action: 'switch', toVersion: '2.3.1', at: at(-28, 1) },
        { action: 'switch', toVersion: '2.4.0', at: at(-9, 3) },
      ]),
      uat: blueGreen(true, { activeSlot: 'blue', blueVersion: '2.3.1', greenVersion: '2.3.0' }, [
        { action: 'switch', toVersion: '2.4.0', at: at(-14, 2) },
        { action: 'switch', toVersion: '2.5.0-rc.1', at: at(-3, 1) },
        { action: 'rollback', at: at(-3, 4) },
      ]),
    }),
    createdAt: at(-90),
  },
  {
    id: 'tenant-002',
    name: 'Globex Healthcare',
    description: 'Patient engagement and clinical scheduling for a network of EU hospitals and clinics.',
    status: 'active',
    owner: SECOND_ADMIN_EMAIL,
    developmentEnabled: true,
    uatEnabled: false,
    productionEnabled: true,
    idpProvider: 'azure-ad',
    idpConfiguration: json({
      tenantId: 'b6f1c2d4-5e7a-4b8c-9d0e-1f2a3b4c5d6e',
      clientId: 'globex-healthcare-console',
      allowedGroups: ['Clinicians', 'Administrators'],
    }),
    authProvider: 'saml',
    authConfiguration: json({
      entityId: 'https://globex-healthcare.example.com/saml',
      acsUrl: 'https://globex-healthcare.example.com/saml/acs',
      signRequests: true,
      nameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    }),
    apiGatewayConfiguration: json({
      rateLimit: { requests: 1000, per: 'minute' },
      ipAllowList: ['10.20.0.0/16'],
      mutualTls: true,
    }),
    policyServerConfiguration: json({
      engine: 'opa',
      defaultDecision: 'deny',
      auditRetention: '90d',
    }),
    dataClassification: 'restricted',
    dataRetentionRequirements: 'Medical records 10 years; access logs 6 years.',
    dataResidency: 'eu-central-1',
    disasterRecoveryRequirements: 'tier-0',
    privacyLaws: 'GDPR, HIPAA, BDSG',
    allowedRegions: ['eu-central-1', 'eu-west-1', 'eu-west-2'],
    environmentRegionPolicies: json([{ environment: 'production', regions: ['eu-central-1'] }]),
    blueGreenConfig: json({
      production: blueGreen(true, { activeSlot: 'green', blueVersion: '1.8.2', greenVersion: '1.9.0' }, [
        { action: 'switch', toVersion: '1.9.1', at: at(-20, 6) },
        { action: 'switch', toVersion: '1.10.0', at: at(-6, 2) },
      ]),
    }),
    createdAt: at(-75),
  },
  {
    id: 'tenant-003',
    name: 'Initech Retail',
    description: 'Omnichannel storefront, loyalty programme and order management for Asia-Pacific markets.',
    status: 'active',
    owner: 'sofia.martinez@example.com',
    developmentEnabled: true,
    uatEnabled: true,
    productionEnabled: true,
    idpProvider: 'auth0',
    idpConfiguration: json({
      domain: 'initech-retail.auth0.example.com',
      connection: 'Username-Password-Authentication',
    }),
    authProvider: 'oauth2',
    authConfiguration: json({ grantTypes: ['authorization_code', 'refresh_token'], pkce: true }),
    apiGatewayConfiguration: null,
    policyServerConfiguration: null,
    dataClassification: 'internal',
    dataRetentionRequirements: 'Order history 5 years.',
    dataResidency: 'ap-southeast-1',
    disasterRecoveryRequirements: 'tier-2',
    privacyLaws: 'PDPA (Singapore), Privacy Act 1988 (Australia)',
    allowedRegions: null,
    environmentRegionPolicies: null,
    blueGreenConfig: null,
    createdAt: at(-61),
  },
  {
    id: 'tenant-004',
    name: 'Umbrella Logistics',
    description:
      'Freight tracking pilot for South American distribution centres. Paused pending contract renewal.',
    status: 'inactive',
    owner: 'emma.schmidt@example.com',
    developmentEnabled: false,
    uatEnabled: false,
    productionEnabled: false,
    idpProvider: null,
    idpConfiguration: null,
    authProvider: null,
    authConfiguration: null,
    apiGatewayConfiguration: null,
    policyServerConfiguration: null,
    dataClassification: 'public',
    dataRetentionRequirements: null,
    dataResidency: 'sa-east-1',
    disasterRecoveryRequirements: 'tier-3',
    privacyLaws: 'LGPD',
    allowedRegions: null,
    environmentRegionPolicies: null,
    blueGreenConfig: null,
    createdAt: at(-45),
  },
  {
    id: 'tenant-005',
    name: 'Stark Media Studio',
    description: 'Content production workflows and asset review for the west-coast creative teams.',
    status: 'active',
    owner: 'mei.lin@example.com',
    developmentEnabled: true,
    uatEnabled: true,
    productionEnabled: false,
    idpProvider: 'cognito',
    idpConfiguration: json({ userPoolId: 'us-west-2_StarkDemo1', appClientId: 'stark-media-console' }),
    authProvider: 'jwt',
    authConfiguration: json({
      algorithm: 'RS256',
      jwksUri: 'https://auth.stark-media.example.com/.well-known/jwks.json',
    }),
    apiGatewayConfiguration: json({ rateLimit: { requests: 1000, per: 'minute' } }),
    policyServerConfiguration: null,
    dataClassification: 'public',
    dataRetentionRequirements: 'Rendered assets 2 years; raw footage 90 days.',
    dataResidency: 'us-west-2',
    disasterRecoveryRequirements: 'tier-3',
    privacyLaws: 'CCPA',
    allowedRegions: ['us-west-2', 'us-west-1'],
    environmentRegionPolicies: json([{ environment: 'development', regions: ['us-west-2'] }]),
    blueGreenConfig: json({
      uat: blueGreen(false, { activeSlot: 'blue', blueVersion: '0.9.0', greenVersion: '0.8.5' }, []),
    }),
    createdAt: at(-21),
  },
  {
    id: 'tenant-006',
    name: 'Wayne Research Labs',
    description: 'Genomics research data platform with strict regional isolation in Asia-Pacific.',
    status: 'active',
    owner: SECOND_ADMIN_EMAIL,
    developmentEnabled: false,
    uatEnabled: false,
    productionEnabled: true,
    idpProvider: 'keycloak',
    idpConfiguration: json({ realm: 'wayne-research', url: 'https://sso.wayne-research.example.com' }),
    authProvider: 'oidc',
    authConfiguration: json({ issuer: 'https://sso.wayne-research.example.com/realms/wayne-research' }),
    apiGatewayConfiguration: null,
    policyServerConfiguration: json({ engine: 'opa', auditRetention: '90d', dataAccessReviews: 'quarterly' }),
    dataClassification: 'restricted',
    dataRetentionRequirements: 'Research datasets 15 years; audit logs 7 years.',
    dataResidency: 'ap-northeast-1',
    disasterRecoveryRequirements: 'tier-0',
    privacyLaws: 'APPI (Japan)',
    allowedRegions: ['ap-northeast-1', 'ap-southeast-2', 'ap-south-1'],
    environmentRegionPolicies: json([{ environment: 'production', regions: ['ap-northeast-1'] }]),
    blueGreenConfig: json({
      production: blueGreen(true, { activeSlot: 'blue', blueVersion: '3.0.0', greenVersion: '2.9.3' }, [
        { action: 'switch', toVersion: '3.1.0', at: at(-4, 1) },
      ]),
    }),
    createdAt: at(-7),
  },
];

// ---------------------------------------------------------------------------------------------------
// User profiles (per-tenant access)

type ProfileSpec = Omit<UserProfileRow, 'id' | 'createdAt' | 'updatedAt'>;
const PROFILE_SPECS: ProfileSpec[] = [
  {
    userId: 'user-001',
    tenantId: 'tenant-001',
    role: 'owner',
    displayName: 'Alex M.',
    jobTitle: 'Head of Platform Engineering',
    department: 'Platform Engineering',
    permissions: ['tenant:manage', 'capabilities:configure', 'deployments:switch', 'users:manage'],
    preferences: json({ theme: 'dark', defaultEnvironment: 'production', notifications: { email: true } }),
  },
  {
    userId: 'user-001',
    tenantId: 'tenant-002',
    role: 'admin',
    displayName: null,
    jobTitle: 'Platform Consultant',
    department: 'Platform Engineering',
    permissions: ['capabilities:configure', 'deployments:switch'],
  },
  {
    userId: 'user-001',
    tenantId: 'tenant-003',
    role: 'admin',
    displayName: 'Alex Morgan (Platform)',
    jobTitle: 'Platform Consultant',
    department: 'Platform Engineering',
  },
  {
    userId: 'user-002',
    tenantId: 'tenant-002',
    role: 'owner',
    displayName: null,
    jobTitle: 'Director of Clinical Systems',
    department: 'Clinical IT',
    permissions: ['tenant:manage', 'users:manage', 'capabilities:configure'],
  },
  {
    userId: 'user-002',
    tenantId: 'tenant-001',
    role: 'admin',
    displayName: 'Priya R.',
    jobTitle: 'Security Architect',
    department: 'Information Security',
    permissions: ['policies:manage', 'capabilities:configure'],
  },
  {
    userId: 'user-002',
    tenantId: 'tenant-006',
    role: 'owner',
    displayName: null,
    jobTitle: 'Research Platform Lead',
    department: 'Research Computing',
  },
  {
    userId: 'user-003',
    tenantId: 'tenant-001',
    role: 'developer',
    displayName: 'Dan Okafor',
    jobTitle: 'Senior Frontend Engineer',
    department: 'Digital Banking',
    permissions: ['microfrontends:publish', 'deployments:view'],
  },
  {
    userId: 'user-003',
    tenantId: 'tenant-003',
    role: 'developer',
    displayName: null,
    jobTitle: 'Frontend Engineer',
    department: 'E-commerce',
  },
  {
    userId: 'user-004',
    tenantId: 'tenant-003',
    role: 'owner',
    displayName: null,
    jobTitle: 'VP Digital Commerce',
    department: 'E-commerce',
    permissions: ['tenant:manage', 'users:manage'],
  },
  {
    userId: 'user-004',
    tenantId: 'tenant-005',
    role: 'member',
    displayName: 'Sofi',
    jobTitle: 'Product Advisor',
    department: 'Partnerships',
  },
  {
    userId: 'user-005',
    tenantId: 'tenant-006',
    role: 'developer',
    displayName: null,
    jobTitle: 'Bioinformatics Engineer',
    department: 'Research Computing',
    permissions: ['capabilities:view'],
  },
  {
    userId: 'user-005',
    tenantId: 'tenant-001',
    role: 'member',
    displayName: 'K. Watanabe',
    jobTitle: 'QA Analyst',
    department: 'Quality Engineering',
  },
  {
    userId: 'user-006',
    tenantId: 'tenant-004',
    role: 'owner',
    displayName: null,
    jobTitle: 'Logistics Programme Manager',
    department: 'Operations',
    status: 'inactive',
  },
  {
    userId: 'user-008',
    tenantId: 'tenant-005',
    role: 'owner',
    displayName: null,
    jobTitle: 'Head of Production Technology',
    department: 'Studio Engineering',
    permissions: ['tenant:manage', 'deployments:switch'],
  },
  {
    userId: 'user-008',
    tenantId: 'tenant-002',
    role: 'developer',
    displayName: 'Mei (contractor)',
    jobTitle: 'Integration Engineer',
    department: 'Clinical IT',
  },
];

const USER_PROFILES: UserProfileRow[] = PROFILE_SPECS.map((spec, i) => ({
  id: `profile-${String(i + 1).padStart(3, '0')}`,
  status: 'active',
  ...spec,
  createdAt: at(-70 + i * 3),
  updatedAt: at(-50 + i * 3, 2),
}));

// ---------------------------------------------------------------------------------------------------
// Capabilities

const API_HOST = 'api.resource-manager.example.com';

/** api-002's configurations must carry a positive integer rate limit. */
const GATEWAY_CONFIGURATION_SCHEMA = {
  type: 'object',
  required: ['rateLimit'],
  properties: {
    rateLimit: { type: 'integer', minimum: 1, description: 'Requests per minute' },
    burst: { type: 'integer', minimum: 0 },
    authRequired: { type: 'boolean' },
    allowedMethods: {
      type: 'array',
      items: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    },
  },
};

/** api-005's configurations name a bucket and a retention period. */
const STORAGE_CONFIGURATION_SCHEMA = {
  type: 'object',
  required: ['bucket', 'retentionDays'],
  properties: {
    bucket: { type: 'string', minLength: 3 },
    retentionDays: { type: 'integer', minimum: 1 },
    encryption: { type: 'string', enum: ['aes256', 'kms'] },
    versioning: { type: 'boolean' },
  },
};

const CAPABILITIES: CapabilityRow[] = [
  {
    id: 'api-001',
    name: 'Identity & Access Service',
    description: 'Single sign-on, token issuance and session management for every tenant application.',
    version: '3.2.1',
    status: 'available' as const,
    endpoint: `https://${API_HOST}/identity/v3`,
    category: 'Security',
  },
  {
    id: 'api-002',
    name: 'API Gateway',
    description: 'Routing, rate limiting and request authentication in front of tenant backends.',
    version: '2.4.0',
    status: 'available' as const,
    endpoint: `https://${API_HOST}/gateway/v2`,
    category: 'Networking',
    configurationSchema: json(GATEWAY_CONFIGURATION_SCHEMA),
    blueGreenConfig: json({
      production: blueGreen(true, { activeSlot: 'blue', blueVersion: '2.2.0', greenVersion: '2.1.0' }, [
        { action: 'switch', toVersion: '2.3.1', at: at(-35, 2) },
        { action: 'switch', toVersion: '2.4.0-rc.2', at: at(-16, 1) },
        { action: 'rollback', at: at(-16, 3) },
        { action: 'switch', toVersion: '2.4.0', at: at(-12, 1) },
      ]),
      uat: blueGreen(true, { activeSlot: 'green', blueVersion: '2.3.0', greenVersion: '2.3.1' }, [
        { action: 'switch', toVersion: '2.4.0', at: at(-15, 2) },
      ]),
    }),
  },
  {
    id: 'api-003',
    name: 'Payment Processing',
    description: 'Card and bank-transfer payments with PCI-DSS compliant tokenisation and refunds.',
    version: '1.7.3',
    status: 'available' as const,
    endpoint: `https://${API_HOST}/payments/v1`,
    category: 'Payments',
    blueGreenConfig: json({
      production: blueGreen(true, { activeSlot: 'green', blueVersion: '1.6.9', greenVersion: '1.7.1' }, [
        { action: 'switch', toVersion: '1.7.2', at: at(-25, 4) },
        { action: 'rollback', at: at(-25, 6) },
        { action: 'switch', toVersion: '1.7.3', at: at(-11, 2) },
      ]),
    }),
  },
  {
    id: 'api-004',
    name: 'Data Analytics',
    description: 'Event ingestion, aggregation and dashboard queries over tenant usage data.',
    version: '0.9.0',
    status: 'provisioning' as const,
    endpoint: `https://${API_HOST}/analytics/v1`,
    category: 'Analytics',
  },
  {
    id: 'api-005',
    name: 'Document Storage',
    description: 'Encrypted object storage for documents with retention policies and versioning.',
    version: '4.1.0',
    status: 'available' as const,
    endpoint: `https://${API_HOST}/storage/v4`,
    category: 'Storage',
    configurationSchema: json(STORAGE_CONFIGURATION_SCHEMA),
  },
  {
    id: 'api-006',
    name: 'Search Service',
    description: 'Full-text and faceted search over tenant catalogues with per-language analysers.',
    version: '1.0.0-beta.3',
    status: 'provisioning' as const,
    endpoint: `https://${API_HOST}/search/v1`,
    category: 'Data',
  },
  {
    id: 'api-007',
    name: 'Notification Service',
    description: 'Multi-channel notifications (email, SMS, in-app) rendered from localised templates.',
    version: '2.0.5',
    status: 'available' as const,
    endpoint: `https://${API_HOST}/notifications/v2`,
    category: 'Communication',
    supportsNotificationTemplates: true,
  },
  {
    id: 'api-008',
    name: 'Legacy Reporting API',
    description: 'Scheduled PDF and CSV reports. Superseded by Data Analytics; scheduled for removal.',
    version: '1.12.4',
    status: 'deprecated' as const,
    endpoint: `https://${API_HOST}/reports/v1`,
    category: 'Analytics',
  },
].map((c) => ({
  blueGreenConfig: null,
  configurationSchema: null,
  supportsNotificationTemplates: false,
  ...c,
}));

// ---------------------------------------------------------------------------------------------------
// Notification templates (api-007)

type TemplateSpec = Pick<TemplateRow, 'name' | 'language' | 'deliveryChannel' | 'subject' | 'content'> & {
  status?: 'active' | 'inactive';
};
const TEMPLATE_SPECS: TemplateSpec[] = [
  {
    name: 'Welcome Email',
    language: 'en',
    deliveryChannel: 'email',
    subject: 'Welcome to {{tenantName}}, {{firstName}}!',
    content:
      'Hi {{firstName}},\n\nYour account on {{tenantName}} is ready. Sign in at {{loginUrl}} to get started.\n\nThe Platform Team',
  },
  {
    name: 'Welcome Email',
    language: 'es',
    deliveryChannel: 'email',
    subject: 'Bienvenido a {{tenantName}}, {{firstName}}',
    content:
      'Hola {{firstName}}:\n\nTu cuenta en {{tenantName}} ya está lista. Inicia sesión en {{loginUrl}} para comenzar.\n\nEl equipo de la plataforma',
  },
  {
    name: 'Password Reset',
    language: 'fr',
    deliveryChannel: 'email',
    subject: 'Réinitialisation de votre mot de passe',
    content:
      'Bonjour {{firstName}},\n\nCliquez sur {{resetUrl}} pour choisir un nouveau mot de passe. Ce lien expire dans {{expiresInMinutes}} minutes.',
  },
  {
    name: 'Verification Code',
    language: 'de',
    deliveryChannel: 'sms',
    subject: null,
    content: 'Ihr Bestätigungscode lautet {{code}}. Er ist {{expiresInMinutes}} Minuten gültig.',
  },
  {
    name: 'Deployment Completed',
    language: 'zh',
    deliveryChannel: 'inapp',
    subject: null,
    content: '{{appName}} 已成功部署到 {{environment}} 环境（版本 {{version}}）。',
  },
  {
    name: 'Invoice Ready',
    language: 'en',
    deliveryChannel: 'inapp',
    subject: null,
    content: 'Invoice {{invoiceNumber}} for {{amount}} is ready. Payment is due on {{dueDate}}.',
  },
  {
    name: 'Maintenance Notice',
    language: 'en',
    deliveryChannel: 'sms',
    subject: null,
    content:
      'Scheduled maintenance on {{date}} from {{startTime}} to {{endTime}} UTC. Expect brief interruptions.',
    status: 'inactive',
  },
];

const NOTIFICATION_TEMPLATES: TemplateRow[] = TEMPLATE_SPECS.map((spec, i) => ({
  id: `template-${String(i + 1).padStart(3, '0')}`,
  capabilityId: 'api-007',
  name: spec.name,
  language: spec.language,
  deliveryChannel: spec.deliveryChannel,
  subject: spec.subject,
  content: spec.content,
  variables: templatePlaceholders(spec.subject, spec.content),
  status: spec.status ?? 'active',
  createdAt: at(-40 + i * 2),
  updatedAt: at(-40 + i * 2 + (i % 3), 1),
  createdBy: 'system',
}));

// ---------------------------------------------------------------------------------------------------
// Capability subscriptions and their configuration versions

interface VersionSpec {
  configuration: unknown;
  notes: string;
  createdBy?: string;
}

interface ContextSpec {
  tenantId: string;
  capabilityId: string;
  environment: Env;
  region: string;
  versions: VersionSpec[];
  /** 1-based version that is active; default the latest. */
  activeVersion?: number;
  /** Day offset of version 1; later versions follow a few days apart. */
  startDay: number;
}

/** Listed in order: a pair's first context gives its subscription's environment and region. */
const CONTEXTS: ContextSpec[] = [
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production',
    region: 'us-east-1',
    startDay: -80,
    versions: [
      { configuration: { sessionTimeoutMinutes: 30, mfa: 'optional' }, notes: 'Initial configuration' },
      { configuration: { sessionTimeoutMinutes: 30, mfa: 'required' }, notes: 'Enforce MFA for all users' },
      {
        configuration: {
          sessionTimeoutMinutes: 15,
          mfa: 'required',
          allowedClients: ['portal', 'back-office'],
        },
        notes: 'Shorter sessions after security review',
        createdBy: SECOND_ADMIN_EMAIL,
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'development',
    region: 'us-east-1',
    startDay: -78,
    versions: [
      {
        configuration: { sessionTimeoutMinutes: 480, mfa: 'disabled' },
        notes: 'Relaxed settings for development',
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-002',
    environment: 'production',
    region: 'us-east-1',
    startDay: -70,
    activeVersion: 2,
    versions: [
      { configuration: { rateLimit: 500, burst: 50, authRequired: true }, notes: 'Initial configuration' },
      {
        configuration: { rateLimit: 1000, burst: 200, authRequired: true },
        notes: 'Raise limit for quarter-end traffic',
      },
      {
        configuration: { rateLimit: 2000, burst: 400, authRequired: true, allowedMethods: ['GET', 'POST'] },
        notes: 'Higher limit caused backend saturation; version 2 reactivated',
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-002',
    environment: 'uat',
    region: 'us-west-2',
    startDay: -66,
    versions: [
      {
        configuration: { rateLimit: 1000, burst: 100, authRequired: true },
        notes: 'Mirror of production limits',
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-003',
    environment: 'production',
    region: 'us-west-2',
    startDay: -60,
    versions: [
      { configuration: { currencies: ['USD'], threeDSecure: true }, notes: 'Initial configuration' },
      {
        configuration: { currencies: ['USD', 'EUR', 'GBP'], threeDSecure: true },
        notes: 'Enable EUR and GBP',
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-005',
    environment: 'uat',
    region: 'eu-west-1',
    startDay: -55,
    versions: [
      {
        configuration: {
          bucket: 'acme-fin-uat-documents',
          retentionDays: 30,
          encryption: 'kms',
          versioning: true,
        },
        notes: 'UAT document store in the EU',
      },
    ],
  },
  {
    tenantId: 'tenant-001',
    capabilityId: 'api-007',
    environment: 'production',
    region: 'us-east-1',
    startDay: -50,
    versions: [
      { configuration: { channels: ['email'], defaultLanguage: 'en' }, notes: 'Initial configuration' },
      {
        configuration: {
          channels: ['email', 'sms', 'inapp'],
          defaultLanguage: 'en',
          quietHours: '22:00-07:00',
        },
        notes: 'Enable SMS and in-app channels',
      },
    ],
  },
  {
    tenantId: 'tenant-002',
    capabilityId: 'api-001',
    environment: 'production',
    region: 'eu-central-1',
    startDay: -65,
    versions: [
      { configuration: { sessionTimeoutMinutes: 20, mfa: 'required' }, notes: 'Initial configuration' },
      {
        configuration: { sessionTimeoutMinutes: 10, mfa: 'required', breakGlassAccounts: 2 },
        notes: 'Clinical workstation policy',
        createdBy: SECOND_ADMIN_EMAIL,
      },
    ],
  },
  {
    tenantId: 'tenant-002',
    capabilityId: 'api-002',
    environment: 'development',
    region: 'eu-west-2',
    startDay: -58,
    versions: [
      { configuration: { rateLimit: 100, authRequired: false }, notes: 'Open gateway for integration tests' },
    ],
  },
  {
    tenantId: 'tenant-002',
    capabilityId: 'api-005',
    environment: 'production',
    region: 'eu-central-1',
    startDay: -52,
    versions: [
      {
        configuration: { bucket: 'globex-patient-records', retentionDays: 3650, encryption: 'aes256' },
        notes: 'Initial configuration',
      },
      {
        configuration: {
          bucket: 'globex-patient-records',
          retentionDays: 3650,
          encryption: 'kms',
          versioning: true,
        },
        notes: 'Switch to customer-managed keys',
        createdBy: SECOND_ADMIN_EMAIL,
      },
    ],
  },
  {
    tenantId: 'tenant-003',
    capabilityId: 'api-002',
    environment: 'production',
    region: 'ap-southeast-1',
    startDay: -48,
    versions: [
      { configuration: { rateLimit: 800, burst: 100, authRequired: true }, notes: 'Initial configuration' },
      { configuration: { rateLimit: 1500, burst: 300, authRequired: true }, notes: 'Flash-sale capacity' },
    ],
  },
  {
    tenantId: 'tenant-003',
    capabilityId: 'api-004',
    environment: 'development',
    region: 'ap-southeast-2',
    startDay: -40,
    versions: [
      { configuration: { sampling: 1.0, retentionDays: 14 }, notes: 'Early access while provisioning' },
    ],
  },
  {
    tenantId: 'tenant-003',
    capabilityId: 'api-007',
    environment: 'uat',
    region: 'ap-south-1',
    startDay: -36,
    versions: [
      {
        configuration: { channels: ['email', 'inapp'], defaultLanguage: 'zh' },
        notes: 'Loyalty campaign tests',
      },
    ],
  },
  {
    tenantId: 'tenant-005',
    capabilityId: 'api-001',
    environment: 'development',
    region: 'us-west-2',
    startDay: -18,
    versions: [
      { configuration: { sessionTimeoutMinutes: 120, mfa: 'optional' }, notes: 'Initial configuration' },
    ],
  },
  {
    tenantId: 'tenant-005',
    capabilityId: 'api-006',
    environment: 'uat',
    region: 'us-west-1',
    startDay: -15,
    versions: [
      { configuration: { indexes: ['assets'], languages: ['en'] }, notes: 'Initial configuration' },
      {
        configuration: { indexes: ['assets', 'projects'], languages: ['en', 'es'] },
        notes: 'Index projects too',
      },
    ],
  },
  {
    tenantId: 'tenant-006',
    capabilityId: 'api-003',
    environment: 'production',
    region: 'ap-northeast-1',
    startDay: -5,
    versions: [
      { configuration: { currencies: ['JPY'], threeDSecure: true }, notes: 'Grant billing for partner labs' },
    ],
  },
];

export const subscriptionId = (tenantId: string, capabilityId: string) => `sub-${tenantId}-${capabilityId}`;

function buildSubscriptions(): { subscriptions: SubscriptionRow[]; versions: VersionRow[] } {
  const subscriptions = new Map<string, SubscriptionRow>();
  const versions: VersionRow[] = [];
  for (const ctx of CONTEXTS) {
    const subId = subscriptionId(ctx.tenantId, ctx.capabilityId);
    if (!subscriptions.has(subId)) {
      subscriptions.set(subId, {
        id: subId,
        tenantId: ctx.tenantId,
        capabilityId: ctx.capabilityId,
        environment: ctx.environment,
        region: ctx.region,
        status: 'active',
        createdAt: at(ctx.startDay, -1),
      });
    }
    const active = ctx.activeVersion ?? ctx.versions.length;
    ctx.versions.forEach((spec, i) => {
      const version = i + 1;
      const isActive = version === active;
      versions.push({
        id: `cfgv-${ctx.tenantId}-${ctx.capabilityId}-${ctx.environment}-${ctx.region}-v${version}`,
        subscriptionId: subId,
        tenantId: ctx.tenantId,
        capabilityId: ctx.capabilityId,
        environment: ctx.environment,
        region: ctx.region,
        version,
        configuration: JSON.stringify(spec.configuration, null, 2),
        status: isActive ? 'active' : 'inactive',
        isActive,
        notes: spec.notes,
        createdAt: at(ctx.startDay + i * 6, i),
        createdBy: spec.createdBy ?? DEMO_ADMIN_EMAIL,
      });
    });
  }
  return { subscriptions: [...subscriptions.values()], versions };
}

// ---------------------------------------------------------------------------------------------------
// Microfrontends and their versions

const CDN = 'https://cdn.resource-manager.example.com/mfe';

type VersionStatus = 'draft' | 'published' | 'deprecated';
interface MicrofrontendSpec {
  id: string;
  slug: string;
  name: string;
  description: string;
  moduleType: 'module-federation' | 'web-component';
  exposedModules: string[];
  defaultConfig: Record<string, unknown>;
  createdBy: string;
  createdDay: number;
  /** Oldest first. */
  versions: [string, VersionStatus][];
}

const MICROFRONTEND_SPECS: MicrofrontendSpec[] = [
  {
    id: 'mfe-001',
    slug: 'dashboard',
    name: 'Dashboard',
    description: 'Landing dashboard with KPIs, recent activity and quick actions.',
    moduleType: 'module-federation',
    exposedModules: ['./App', './Widget'],
    defaultConfig: { refreshIntervalSeconds: 60, showWelcomeBanner: true },
    createdBy: DEMO_ADMIN_EMAIL,
    createdDay: -100,
    versions: [
      ['1.0.0', 'deprecated'],
      ['1.1.0', 'published'],
      ['1.2.0', 'published'],
      ['1.3.0-beta.1', 'draft'],
    ],
  },
  {
    id: 'mfe-002',
    slug: 'billing',
    name: 'Billing & Invoices',
    description: 'Invoices, payment methods and usage-based billing statements.',
    moduleType: 'module-federation',
    exposedModules: ['./App', './InvoiceList', './PaymentMethods'],
    defaultConfig: { currency: 'USD', invoicesPerPage: 25 },
    createdBy: SECOND_ADMIN_EMAIL,
    createdDay: -95,
    versions: [
      ['1.4.2', 'deprecated'],
      ['2.0.0', 'published'],
      ['2.1.0', 'published'],
      ['2.1.1', 'published'],
      ['2.2.0', 'draft'],
    ],
  },
  {
    id: 'mfe-003',
    slug: 'user-directory',
    name: 'User Directory',
    description: 'Searchable directory of users, teams and their tenant roles.',
    moduleType: 'module-federation',
    exposedModules: ['./App', './UserPicker'],
    defaultConfig: { pageSize: 50, showInactiveUsers: false },
    createdBy: DEMO_ADMIN_EMAIL,
    createdDay: -85,
    versions: [
      ['0.9.0', 'deprecated'],
      ['1.0.0', 'published'],
      ['1.0.1', 'published'],
      ['1.1.0', 'published'],
      ['1.2.0-alpha.1', 'draft'],
    ],
  },
  {
    id: 'mfe-004',
    slug: 'analytics-widgets',
    name: 'Analytics Widgets',
    description: 'Framework-agnostic chart and KPI web components for any host application.',
    moduleType: 'web-component',
    exposedModules: ['analytics-kpi-card', 'analytics-trend-chart'],
    defaultConfig: { theme: 'auto', animation: true },
    createdBy: SECOND_ADMIN_EMAIL,
    createdDay: -70,
    versions: [
      ['0.5.0', 'deprecated'],
      ['0.6.0', 'published'],
      ['0.6.1', 'published'],
      ['0.7.0', 'published'],
      ['0.8.0', 'draft'],
    ],
  },
  {
    id: 'mfe-005',
    slug: 'support-chat',
    name: 'Support Chat',
    description: 'Embedded customer-support chat with ticket hand-off.',
    moduleType: 'module-federation',
    exposedModules: ['./ChatLauncher', './ChatWindow'],
    defaultConfig: { position: 'bottom-right', greeting: 'How can we help?' },
    createdBy: DEMO_ADMIN_EMAIL,
    createdDay: -30,
    versions: [
      ['0.1.0', 'deprecated'],
      ['1.0.0', 'published'],
      ['1.0.1', 'published'],
      ['1.1.0-rc.1', 'draft'],
    ],
  },
];

const versionId = (slug: string, version: string) => `mfv-${slug}-${version}`;

const sha = (algorithm: 'sha1' | 'sha384', input: string, encoding: 'hex' | 'base64') =>
  createHash(algorithm).update(input).digest(encoding);

const MICROFRONTENDS: MicrofrontendRow[] = MICROFRONTEND_SPECS.map((m) => ({
  id: m.id,
  slug: m.slug,
  name: m.name,
  description: m.description,
  repository: `https://github.com/example-platform/mfe-${m.slug}`,
  createdAt: at(m.createdDay),
  createdBy: m.createdBy,
}));

const MICROFRONTEND_VERSIONS: MicrofrontendVersionRow[] = MICROFRONTEND_SPECS.flatMap((m) =>
  m.versions.map(([version, status], i): MicrofrontendVersionRow => {
    const webComponent = m.moduleType === 'web-component';
    const builtAt = at(m.createdDay + 2 + i * 9, 3);
    return {
      id: versionId(m.slug, version),
      microfrontendId: m.id,
      version,
      status,
      entryUrl: `${CDN}/${m.slug}/${version}/${webComponent ? `${m.slug}.js` : 'remoteEntry.js'}`,
      moduleType: m.moduleType,
      exposedModules: json(m.exposedModules),
      sharedDependencies: webComponent
        ? json({})
        : json({
            react: { singleton: true, requiredVersion: '^19.0.0' },
            'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
          }),
      defaultConfig: json(m.defaultConfig),
      buildMetadata: json({
        commit: sha('sha1', `${m.slug}@${version}`, 'hex').slice(0, 12),
        branch: status === 'draft' ? 'develop' : 'main',
        buildNumber: 100 + i * 37 + m.slug.length,
        builtAt,
        bundleSizeKb: 80 + ((m.slug.length * 17 + i * 23) % 150),
      }),
      integrityHash: `sha384-${sha('sha384', `${m.slug}@${version}`, 'base64')}`,
      createdAt: builtAt,
      createdBy: m.createdBy,
    };
  }),
);

function publishedVersions(slug: string): string[] {
  const spec = MICROFRONTEND_SPECS.find((m) => m.slug === slug);
  return (spec?.versions ?? []).filter(([, status]) => status === 'published').map(([version]) => version);
}

// ---------------------------------------------------------------------------------------------------
// Blue-green deployment slots

const ENVIRONMENTS: Env[] = ['development', 'uat', 'production'];
const ENV_HOST: Record<Env, string> = {
  development: 'dev.resource-manager.example.com',
  uat: 'uat.resource-manager.example.com',
  production: 'resource-manager.example.com',
};
/** Days before the base date each environment's live slot went live (production last). */
const ENV_DAY: Record<Env, number> = { development: -12, uat: -8, production: -3 };

interface SlotTimes {
  environment: Env;
  index: number;
}

/** The live blue slot's and the standby green slot's audit fields for one (resource, environment). */
function slotFields({ environment, index }: SlotTimes, slot: SlotName, url: string) {
  const liveDay = ENV_DAY[environment] + index * 0.25;
  const deployer = index % 2 === 0 ? DEMO_ADMIN_EMAIL : SECOND_ADMIN_EMAIL;
  const common = {
    environment,
    slot,
    deployedUrl: url,
    // The demo's URLs answer nothing real: with a health check URL each slot would turn unhealthy at the
    // prober's first passes. Its slots keep the health they were seeded with; an admin sets a health check
    // from the slot card (docs/health-checks.md).
    healthCheckUrl: null,
  };
  if (slot === 'blue') {
    return {
      ...common,
      status: 'active' as const,
      trafficPercentage: 100,
      healthStatus: 'healthy',
      lastHealthCheck: at(0, -0.25),
      deployedAt: at(liveDay, -2),
      deployedBy: deployer,
      activatedAt: at(liveDay),
      activatedBy: deployer,
    };
  }
  const previouslyLive = environment !== 'development';
  return {
    ...common,
    status: 'inactive' as const,
    trafficPercentage: 0,
    healthStatus: previouslyLive ? 'healthy' : 'unknown',
    lastHealthCheck: previouslyLive ? at(0, -0.25) : null,
    deployedAt: at(liveDay - 14, -2),
    deployedBy: deployer,
    activatedAt: previouslyLive ? at(liveDay - 14) : null,
    activatedBy: previouslyLive ? deployer : null,
  };
}

const DEPLOYED_MICROFRONTENDS = ['dashboard', 'billing', 'analytics-widgets', 'support-chat'];

function buildMicrofrontendDeployments(): MicrofrontendDeploymentRow[] {
  const rows: MicrofrontendDeploymentRow[] = [];
  DEPLOYED_MICROFRONTENDS.forEach((slug, index) => {
    const spec = MICROFRONTEND_SPECS.find((m) => m.slug === slug);
    if (!spec) throw new Error(`Unknown microfrontend ${slug}`);
    const published = publishedVersions(slug);
    const latest = published.at(-1);
    const previous = published.at(-2) ?? latest;
    if (!latest || !previous) throw new Error(`Microfrontend ${slug} has no published version`);
    for (const environment of ENVIRONMENTS) {
      for (const slot of ['blue', 'green'] as const) {
        const version = slot === 'blue' ? latest : previous;
        rows.push({
          id: `mfd-${slug}-${environment}-${slot}`,
          microfrontendId: spec.id,
          versionId: versionId(slug, version),
          ...slotFields(
            { environment, index },
            slot,
            `https://${slot}.${ENV_HOST[environment]}/mfe/${slug}/`,
          ),
        });
      }
    }
  });
  return rows;
}

/** capability id -> [live version, standby version]. */
const DEPLOYED_CAPABILITIES: [string, string, string][] = [
  ['api-001', '3.2.1', '3.2.0'],
  ['api-002', '2.4.0', '2.3.1'],
  ['api-003', '1.7.3', '1.7.1'],
  ['api-007', '2.0.5', '2.0.4'],
];

function buildCapabilityDeployments(): CapabilityDeploymentRow[] {
  const rows: CapabilityDeploymentRow[] = [];
  DEPLOYED_CAPABILITIES.forEach(([capabilityId, live, standby], index) => {
    const capability = CAPABILITIES.find((c) => c.id === capabilityId);
    if (!capability?.endpoint) throw new Error(`Unknown capability ${capabilityId}`);
    const path = new URL(capability.endpoint).pathname;
    for (const environment of ENVIRONMENTS) {
      for (const slot of ['blue', 'green'] as const) {
        rows.push({
          id: `capd-${capabilityId}-${environment}-${slot}`,
          capabilityId,
          version: slot === 'blue' ? live : standby,
          endpoint: `https://api.${ENV_HOST[environment]}${path}`,
          ...slotFields({ environment, index }, slot, `https://${slot}.api.${ENV_HOST[environment]}${path}/`),
        });
      }
    }
  });
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Web apps and the mesh

const WEB_APPS: WebAppRow[] = [
  {
    id: 'webapp-001',
    name: 'Customer Portal',
    description:
      'Self-service banking portal composed from the dashboard, billing and support microfrontends.',
    technology: 'module-federation',
    status: 'running',
    tenantId: 'tenant-001',
    environment: 'production',
    region: 'us-east-1',
    url: 'https://portal.acme-financial.example.com',
    createdAt: at(-85),
  },
  {
    id: 'webapp-002',
    name: 'Back Office Console',
    description: 'Internal tooling for operations staff: case management, approvals and reporting.',
    technology: 'module-federation',
    status: 'running',
    tenantId: 'tenant-001',
    environment: 'uat',
    region: 'us-west-2',
    url: 'https://backoffice.uat.acme-financial.example.com',
    createdAt: at(-72),
  },
  {
    id: 'webapp-003',
    name: 'Patient Intake Forms',
    description: 'Accessible intake and consent forms delivered as embeddable web components.',
    technology: 'web-component',
    status: 'provisioning',
    tenantId: 'tenant-002',
    environment: 'development',
    region: 'eu-central-1',
    url: 'https://intake.dev.globex-healthcare.example.com',
    createdAt: at(-33),
  },
  {
    id: 'webapp-004',
    name: 'Storefront',
    description: 'Customer storefront that composes partner catalogues in isolated iframes.',
    technology: 'iframe-composition',
    status: 'running',
    tenantId: 'tenant-003',
    environment: 'production',
    region: 'ap-southeast-1',
    url: 'https://shop.initech-retail.example.com',
    createdAt: at(-27),
  },
  {
    id: 'webapp-005',
    name: 'Seasonal Campaign Site',
    description: 'Holiday campaign microsite, stopped after the campaign ended.',
    technology: 'iframe-composition',
    status: 'stopped',
    tenantId: 'tenant-003',
    environment: 'uat',
    region: 'us-west-1',
    url: 'https://campaign.uat.initech-retail.example.com',
    createdAt: at(-19),
  },
  {
    id: 'webapp-006',
    name: 'Media Asset Library',
    description: 'Browse, tag and review rendered assets with web-component viewers.',
    technology: 'web-component',
    status: 'provisioning',
    tenantId: 'tenant-005',
    environment: 'uat',
    region: 'us-west-1',
    url: 'https://assets.uat.stark-media.example.com',
    createdAt: at(-10),
  },
  {
    id: 'webapp-007',
    name: 'Research Data Explorer',
    description: 'Dataset catalogue and notebook launcher for approved research projects.',
    technology: 'module-federation',
    status: 'stopped',
    tenantId: 'tenant-006',
    environment: 'production',
    region: 'ap-southeast-1',
    url: 'https://explorer.wayne-research.example.com',
    createdAt: at(-2),
  },
];

function buildMesh(): MeshRow {
  const items: [string, string, string, Record<string, unknown>][] = [
    ['Dashboard', 'dashboard', '1.2.0', {}],
    ['Billing', 'billing', '2.1.1', { currency: 'USD' }],
    ['Users', 'user-directory', '1.1.0', { showInactiveUsers: true }],
    ['Insights', 'analytics-widgets', '0.7.0', { theme: 'dark' }],
  ];
  const menuItems = items.map(([label, slug, version, config], order) => {
    if (!publishedVersions(slug).includes(version)) throw new Error(`${slug}@${version} is not published`);
    return {
      id: `item-${order + 1}`,
      label,
      microfrontendVersionId: versionId(slug, version),
      config,
      order,
    };
  });
  return {
    id: 'mesh-001',
    tenantId: 'tenant-001',
    name: 'Acme Operations Workspace',
    description:
      'Unified workspace for Acme operations staff: dashboard, billing, user directory and insights.',
    menuItems: json(menuItems),
    createdAt: at(-6, 2),
    createdBy: DEMO_ADMIN_EMAIL,
  };
}

// ---------------------------------------------------------------------------------------------------
// Gateway routes and OPA policies: versioned lineages in environments the tenants subscribe to

/** Fixed lineage ids (UUIDs, as the API hands out), numbered per demo lineage. */
const lineage = (n: number) => `6d3a0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

interface LineageSpec<Fields> {
  n: number;
  tenantId: string;
  capabilityId: string;
  environment: Env;
  versions: (Fields & { createdBy?: string })[];
  /** 1-based active version; default the latest; 0 for a disabled lineage. */
  activeVersion?: number;
  startDay: number;
}

type RouteSpecFields = Pick<
  GatewayRouteRow,
  'path' | 'methods' | 'targetService' | 'authRequired' | 'rateLimit'
>;
type PolicySpecFields = Pick<
  OpaPolicyRow,
  'name' | 'description' | 'policyType' | 'policyContent' | 'enabled'
>;

const ROUTE_LINEAGES: LineageSpec<RouteSpecFields>[] = [
  {
    n: 1,
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production',
    startDay: -45,
    versions: [
      {
        path: '/auth/token',
        methods: ['POST'],
        targetService: 'https://identity.acme-fin.internal:8443',
        authRequired: false,
        rateLimit: 100,
      },
      {
        path: '/auth/token',
        methods: ['POST'],
        targetService: 'https://identity.acme-fin.internal:8443',
        authRequired: false,
        rateLimit: 300,
        createdBy: SECOND_ADMIN_EMAIL,
      },
    ],
  },
  {
    n: 2,
    tenantId: 'tenant-001',
    capabilityId: 'api-002',
    environment: 'production',
    startDay: -40,
    versions: [
      {
        path: '/accounts/{accountId}',
        methods: ['GET'],
        targetService: 'accounts-svc.acme-fin.internal:8080',
        authRequired: true,
        rateLimit: 1000,
      },
    ],
  },
  {
    n: 3,
    tenantId: 'tenant-001',
    capabilityId: 'api-003',
    environment: 'production',
    startDay: -35,
    activeVersion: 1,
    versions: [
      {
        path: '/payments',
        methods: ['GET', 'POST'],
        targetService: 'https://payments.acme-fin.internal',
        authRequired: true,
        rateLimit: 500,
      },
      {
        path: '/payments',
        methods: ['GET', 'POST'],
        targetService: 'https://payments.acme-fin.internal',
        authRequired: true,
        rateLimit: 200,
      },
    ],
  },
  {
    n: 4,
    tenantId: 'tenant-001',
    capabilityId: 'api-003',
    environment: 'production',
    startDay: -30,
    activeVersion: 0,
    versions: [
      {
        path: '/payments/refunds',
        methods: ['POST'],
        targetService: 'https://payments.acme-fin.internal',
        authRequired: true,
        rateLimit: 50,
      },
    ],
  },
  {
    n: 5,
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'development',
    startDay: -44,
    versions: [
      {
        path: '/auth/token',
        methods: ['POST'],
        targetService: 'identity-dev:8080',
        authRequired: false,
        rateLimit: null,
      },
    ],
  },
  {
    n: 6,
    tenantId: 'tenant-002',
    capabilityId: 'api-001',
    environment: 'production',
    startDay: -38,
    versions: [
      {
        path: '/patients/{patientId}/session',
        methods: ['GET', 'DELETE'],
        targetService: 'https://identity.globex-health.internal',
        authRequired: true,
        rateLimit: 600,
      },
    ],
  },
  {
    n: 7,
    tenantId: 'tenant-002',
    capabilityId: 'api-005',
    environment: 'production',
    startDay: -33,
    versions: [
      {
        path: '/records',
        methods: ['GET', 'POST'],
        targetService: 'records.globex-health.internal:9443',
        authRequired: true,
        rateLimit: 1000,
      },
    ],
  },
  {
    n: 8,
    tenantId: 'tenant-003',
    capabilityId: 'api-002',
    environment: 'production',
    startDay: -28,
    versions: [
      {
        path: '/catalog',
        methods: ['GET', 'HEAD'],
        targetService: 'https://catalog.initech-retail.internal',
        authRequired: false,
        rateLimit: 5000,
      },
    ],
  },
];

const rego = (...lines: string[]) => `${lines.join('\n')}\n`;

const POLICY_LINEAGES: LineageSpec<PolicySpecFields>[] = [
  {
    n: 101,
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production',
    startDay: -44,
    versions: [
      {
        name: 'Token issuance',
        description: 'Which clients may obtain tokens',
        policyType: 'authz',
        enabled: true,
        policyContent: rego(
          'package tenants.acme_fin.identity',
          '',
          'import rego.v1',
          '',
          'default allow := false',
          '',
          'allow if input.client in {"portal", "back-office"}',
        ),
      },
      {
        name: 'Token issuance',
        description: 'Which clients may obtain tokens, and only with MFA',
        policyType: 'authz',
        enabled: true,
        createdBy: SECOND_ADMIN_EMAIL,
        policyContent: rego(
          'package tenants.acme_fin.identity',
          '',
          'import rego.v1',
          '',
          'default allow := false',
          '',
          '# Both clients, and every token needs a second factor since the security review.',
          'allow if {',
          '  input.client in {"portal", "back-office"}',
          '  input.mfa == true',
          '}',
        ),
      },
    ],
  },
  {
    n: 102,
    tenantId: 'tenant-001',
    capabilityId: 'api-003',
    environment: 'production',
    startDay: -34,
    versions: [
      {
        name: 'Payment limits',
        description: 'Per-request amount ceilings by customer tier',
        policyType: 'rate-limit',
        enabled: true,
        policyContent: rego(
          'package tenants.acme_fin.payments',
          '',
          'import rego.v1',
          '',
          'limits := {"standard": 10000, "premium": 100000}',
          '',
          'default allow := false',
          '',
          'allow if input.amount <= limits[input.tier]',
        ),
      },
    ],
  },
  {
    n: 103,
    tenantId: 'tenant-001',
    capabilityId: 'api-002',
    environment: 'production',
    startDay: -25,
    versions: [
      {
        name: 'Account data filter',
        description: 'Draft: hide balances from support staff',
        policyType: 'data-filter',
        enabled: false,
        policyContent: rego(
          'package tenants.acme_fin.accounts',
          '',
          'import rego.v1',
          '',
          'hidden_fields contains "balance" if input.role == "support"',
        ),
      },
    ],
  },
  {
    n: 104,
    tenantId: 'tenant-002',
    capabilityId: 'api-005',
    environment: 'production',
    startDay: -32,
    versions: [
      {
        name: 'Patient record access',
        description: 'Clinicians read the records of their own patients',
        policyType: 'authz',
        enabled: true,
        policyContent: rego(
          'package tenants.globex.records',
          '',
          'import rego.v1',
          '',
          'default allow := false',
          '',
          'allow if {',
          '  input.role == "clinician"',
          '  input.patient in data.care_teams[input.user]',
          '}',
        ),
      },
    ],
  },
];

/** Rows of every version of every lineage, numbered from 1, with the chosen one active. */
function buildLineages<Fields extends object>(
  specs: LineageSpec<Fields>[],
  idPrefix: string,
): (Fields & {
  id: string;
  lineageId: string;
  tenantId: string;
  capabilityId: string;
  environment: Env;
  version: number;
  isActive: boolean;
  createdAt: string;
  createdBy: string;
})[] {
  return specs.flatMap((spec) => {
    const active = spec.activeVersion ?? spec.versions.length;
    return spec.versions.map(({ createdBy, ...fields }, i) => ({
      ...(fields as Fields),
      id: `${idPrefix}-${spec.n}-v${i + 1}`,
      lineageId: lineage(spec.n),
      tenantId: spec.tenantId,
      capabilityId: spec.capabilityId,
      environment: spec.environment,
      version: i + 1,
      isActive: i + 1 === active,
      createdAt: at(spec.startDay + i * 5, i),
      createdBy: createdBy ?? DEMO_ADMIN_EMAIL,
    }));
  });
}

const buildGatewayRoutes = (): GatewayRouteRow[] => buildLineages(ROUTE_LINEAGES, 'gwr');
const buildOpaPolicies = (): OpaPolicyRow[] => buildLineages(POLICY_LINEAGES, 'opa');

// ---------------------------------------------------------------------------------------------------

/** Everything the seeder writes, one array per table (exported for tests and tooling). */
export function buildDemoData() {
  const { subscriptions, versions } = buildSubscriptions();
  return {
    tenants: TENANTS,
    users: USERS,
    userProfiles: USER_PROFILES,
    capabilities: CAPABILITIES,
    notificationTemplates: NOTIFICATION_TEMPLATES,
    capabilitySubscriptions: subscriptions,
    capabilitySubscriptionVersions: versions,
    microfrontends: MICROFRONTENDS,
    microfrontendVersions: MICROFRONTEND_VERSIONS,
    microfrontendDeployments: buildMicrofrontendDeployments(),
    capabilityDeployments: buildCapabilityDeployments(),
    webApps: WEB_APPS,
    webAppMeshes: [buildMesh()],
    gatewayRoutes: buildGatewayRoutes(),
    opaPolicies: buildOpaPolicies(),
  };
}

/**
 * Writes the demo data into an empty database (no tenants, users or capabilities) in one transaction.
 * Serialised by a transaction-scoped advisory lock, so two servers starting together seed once.
 */
export async function seedDemoData(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const [anyTenant] = await tx.select({ id: tenants.id }).from(tenants).limit(1);
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    const [anyCapability] = await tx.select({ id: capabilities.id }).from(capabilities).limit(1);
    if (anyTenant || anyUser || anyCapability) return { seeded: false };

    // Built only when seeding: a reopened database has its data already.
    const data = buildDemoData();
    // Parents before children; one statement per table.
    await tx.insert(tenants).values(data.tenants);
    await tx.insert(users).values(data.users);
    await tx.insert(userProfiles).values(data.userProfiles);
    await tx.insert(capabilities).values(data.capabilities);
    await tx.insert(notificationTemplates).values(data.notificationTemplates);
    await tx.insert(capabilitySubscriptions).values(data.capabilitySubscriptions);
    await tx.insert(capabilitySubscriptionVersions).values(data.capabilitySubscriptionVersions);
    await tx.insert(microfrontends).values(data.microfrontends);
    await tx.insert(microfrontendVersions).values(data.microfrontendVersions);
    await tx.insert(microfrontendDeployments).values(data.microfrontendDeployments);
    await tx.insert(capabilityDeployments).values(data.capabilityDeployments);
    await tx.insert(webApps).values(data.webApps);
    await tx.insert(webAppMeshes).values(data.webAppMeshes);
    await tx.insert(gatewayRoutes).values(data.gatewayRoutes);
    await tx.insert(opaPolicies).values(data.opaPolicies);
    await seedDemoChangeRequests(tx);
    return { seeded: true };
  });
}
