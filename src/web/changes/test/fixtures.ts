import type { ChangeRequest, ChangeRequestDetail, ChangeRequestItem, Impact } from '@contract/changes';

/** A pending production request of Acme Corp, one approval needed and none given. */
export const changeRequest = (overrides: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 'cr-1',
  number: 7,
  tenantId: 'tenant-1',
  tenantName: 'Acme Corp',
  environment: 'production',
  kind: 'configuration.create',
  title: 'New Payments configuration in production · us-east-1',
  description: null,
  status: 'pending',
  requiredApprovals: 1,
  approvals: 0,
  requestedBy: 'dev@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  scheduledAt: null,
  scheduleTimeZone: null,
  appliedAt: null,
  appliedBy: null,
  outcome: null,
  bypassReason: null,
  changeCount: 1,
  revision: 3,
  ...overrides,
});

const noAbilities: ChangeRequestDetail['can'] = {
  approve: false,
  reject: false,
  cancel: false,
  refresh: false,
  schedule: false,
  comment: true,
  revert: false,
  promote: false,
  approveBlockedBy: null,
};

const none = { count: 0, names: [] };
/** What a set touches: nothing, unless given. */
export const impactOf = (given: Partial<Impact> = {}): Impact => ({
  tenants: none,
  environments: none,
  regions: none,
  meshes: none,
  webApps: none,
  routes: none,
  policies: none,
  slots: none,
  ...given,
});

const FIRST_CHANGE: ChangeRequestItem['change'] = {
  kind: 'configuration.create',
  body: {
    subscriptionId: 'sub-tenant-1-api-1',
    tenantId: 'tenant-1',
    capabilityId: 'api-1',
    environment: 'production',
    region: 'us-east-1',
    configuration: '{"timeout":30}',
  },
};
const FIRST_DIFF = [
  { label: 'production · us-east-1: v2 → v3', before: { timeout: 10 }, after: { timeout: 30 } },
];

/** One change of a set: by default the request's own first change, pending. */
export const changeItem = (overrides: Partial<ChangeRequestItem> = {}): ChangeRequestItem => ({
  position: 0,
  kind: 'configuration.create',
  tenantId: 'tenant-1',
  tenantName: 'Acme Corp',
  environment: 'production',
  title: 'New Payments configuration in production · us-east-1',
  change: FIRST_CHANGE,
  diff: FIRST_DIFF,
  state: 'pending',
  outcome: null,
  irreversible: null,
  ...overrides,
});

/** The same request as the review page reads it, as a reviewer who may do everything. */
export const changeRequestDetail = (
  overrides: Partial<Omit<ChangeRequestDetail, 'can'>> & { can?: Partial<ChangeRequestDetail['can']> } = {},
): ChangeRequestDetail => {
  const { can, ...rest } = overrides;
  return {
    ...changeRequest(),
    change: FIRST_CHANGE,
    diff: FIRST_DIFF,
    changes: [changeItem()],
    impact: impactOf({
      tenants: { count: 1, names: ['Acme Corp'] },
      environments: { count: 1, names: ['production'] },
      regions: { count: 1, names: ['us-east-1'] },
    }),
    stale: false,
    staleChange: null,
    revertOf: null,
    promotedFrom: null,
    followUps: [],
    events: [
      {
        id: 'ev-1',
        kind: 'request',
        round: 1,
        author: 'dev@example.com',
        body: 'Longer timeout for the batch jobs',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...rest,
    can: {
      ...noAbilities,
      approve: true,
      reject: true,
      cancel: true,
      refresh: true,
      schedule: true,
      ...can,
    },
  };
};

export const NO_ABILITIES = noAbilities;
