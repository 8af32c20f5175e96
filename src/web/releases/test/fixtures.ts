import type { ChangeRequest } from '@contract/changes';
import type { ReleaseDraft } from '@contract/releases';

type DraftChange = ReleaseDraft['changes'][number];

/** A change as "Add to release" left it: an activation of version `id`, titled `title`. */
export const draftChange = (id: string, title: string): DraftChange => ({
  id,
  change: { kind: 'configuration.activate', versionId: `ver-${id}` },
  title,
  addedAt: '2026-11-28T09:00:00.000Z',
});

/** The user's draft: three changes, named, at revision 4. */
export const releaseDraft = (overrides: Partial<ReleaseDraft> = {}): ReleaseDraft => ({
  title: 'Payments v2',
  description: null,
  changes: [
    draftChange('a', 'Activate Payments v2 in production'),
    draftChange('b', 'New route /payments'),
    draftChange('c', 'Allow /payments in OPA'),
  ],
  updatedAt: '2026-11-28T09:05:00.000Z',
  revision: 4,
  ...overrides,
});

/** The request filing the draft answers: #12, pending, three changes. */
export const filedRelease = (overrides: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 'cr-12',
  number: 12,
  tenantId: 'tenant-1',
  tenantName: 'Acme Corp',
  environment: 'production',
  kind: 'configuration.activate',
  title: 'Payments v2',
  description: null,
  status: 'pending',
  requiredApprovals: 1,
  approvals: 0,
  requestedBy: 'alice@example.com',
  createdAt: '2026-11-28T09:10:00.000Z',
  updatedAt: '2026-11-28T09:10:00.000Z',
  scheduledAt: null,
  scheduleTimeZone: null,
  appliedAt: null,
  appliedBy: null,
  outcome: null,
  bypassReason: null,
  changeCount: 3,
  revision: 1,
  ...overrides,
});
