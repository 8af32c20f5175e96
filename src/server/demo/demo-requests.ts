import type { Change } from '../../contract/changes';
import type { Transaction } from '../db/client';
import { changeRequestEvents, changeRequests } from '../db/schema';
import { insertItems } from '../changes/release-items';
import { handlerOf } from '../changes/kinds';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

interface DemoRequest {
  id: string;
  change: Change;
  description: string;
  requestedById: string;
  requestedBy: string;
  status: 'pending' | 'rejected' | 'scheduled';
  createdHoursAgo: number;
  scheduledAt?: string;
  scheduleTimeZone?: string;
  /** After the request event, in order. */
  events: {
    kind: 'comment' | 'approve' | 'reject';
    authorId: string;
    author: string;
    body: string | null;
    hoursAgo: number;
  }[];
}

const DANIEL = { id: 'user-003', email: 'daniel.okafor@example.com' };
const ALEX = { id: 'user-001', email: 'alex.morgan@example.com' };
const PRIYA = { id: 'user-002', email: 'priya.raman@example.com' };

/** The next Saturday at 02:00 in Berlin, as an instant: a maintenance window days ahead of the seed. */
function nextMaintenanceWindow(): string {
  const date = new Date(Date.now() + 2 * 24 * HOUR);
  while (date.getUTCDay() !== 6) date.setUTCDate(date.getUTCDate() + 1);
  // 01:00 UTC is 02:00 in Berlin in winter and 03:00 in summer: either is the small hours there.
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 1)).toISOString();
}

const productionIdentity = (configuration: object): Change => ({
  kind: 'configuration.create',
  body: {
    subscriptionId: 'sub-tenant-001-api-001',
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production',
    region: 'us-east-1',
    configuration: JSON.stringify(configuration, null, 2),
    notes: null,
  },
});

const DEMO_REQUESTS: DemoRequest[] = [
  {
    id: 'demo-change-1',
    change: productionIdentity({
      sessionTimeoutMinutes: 20,
      mfa: 'required',
      allowedClients: ['portal', 'back-office'],
    }),
    description: 'Support asks for 20-minute sessions: 15 logs agents out during long calls.',
    requestedById: DANIEL.id,
    requestedBy: DANIEL.email,
    status: 'pending',
    createdHoursAgo: 5,
    events: [
      {
        kind: 'comment',
        authorId: PRIYA.id,
        author: PRIYA.email,
        body: 'Fine by me once security signs off.',
        hoursAgo: 3,
      },
    ],
  },
  {
    id: 'demo-change-2',
    change: productionIdentity({
      sessionTimeoutMinutes: 15,
      mfa: 'optional',
      allowedClients: ['portal', 'back-office'],
    }),
    description: 'Make MFA optional for the back-office pilot.',
    requestedById: DANIEL.id,
    requestedBy: DANIEL.email,
    status: 'rejected',
    createdHoursAgo: 50,
    events: [
      {
        kind: 'reject',
        authorId: ALEX.id,
        author: ALEX.email,
        body: 'MFA stays required in production.',
        hoursAgo: 47,
      },
    ],
  },
  {
    id: 'demo-change-3',
    change: {
      kind: 'tenant_blue_green.switch',
      tenantId: 'tenant-001',
      body: { environment: 'production', toVersion: '2.5.0' },
    },
    description: 'Release 2.5.0 in the Saturday maintenance window.',
    requestedById: PRIYA.id,
    requestedBy: PRIYA.email,
    status: 'scheduled',
    createdHoursAgo: 20,
    scheduledAt: nextMaintenanceWindow(),
    scheduleTimeZone: 'Europe/Berlin',
    events: [
      { kind: 'approve', authorId: ALEX.id, author: ALEX.email, body: 'Go for Saturday.', hoursAgo: 18 },
    ],
  },
];

/**
 * A few change requests of tenant-001 for the Changes screen: one waiting for approval, one rejected
 * and one approved for a maintenance window. Their diffs and fingerprints are taken from the seeded
 * state, as a request made now would take them.
 */
export async function seedDemoChangeRequests(tx: Transaction): Promise<void> {
  for (const demo of DEMO_REQUESTS) {
    const handler = handlerOf(demo.change);
    const target = await handler.target(tx, demo.change);
    const snapshot = await handler.snapshot(tx, demo.change);
    const last = demo.events.at(-1);
    await tx.insert(changeRequests).values({
      id: demo.id,
      tenantId: target.scope,
      environment: target.environment,
      kind: demo.change.kind,
      title: target.title,
      description: demo.description,
      status: demo.status,
      requiredApprovals: 1,
      requestedById: demo.requestedById,
      requestedBy: demo.requestedBy,
      createdAt: ago(demo.createdHoursAgo),
      updatedAt: ago(last?.hoursAgo ?? demo.createdHoursAgo),
      scheduledAt: demo.scheduledAt ?? null,
      scheduleTimeZone: demo.scheduleTimeZone ?? null,
      revision: 1 + demo.events.length,
    });
    await insertItems(tx, demo.id, [{ change: demo.change, target, snapshot }]);
    await tx.insert(changeRequestEvents).values([
      {
        changeRequestId: demo.id,
        kind: 'request',
        round: 1,
        authorId: demo.requestedById,
        author: demo.requestedBy,
        body: demo.description,
        createdAt: ago(demo.createdHoursAgo),
      },
      ...demo.events.map((event) => ({
        changeRequestId: demo.id,
        kind: event.kind,
        round: 1,
        authorId: event.authorId,
        author: event.author,
        body: event.body,
        createdAt: ago(event.hoursAgo),
      })),
    ]);
  }
}
