import type {
  OverviewActivity,
  OverviewLatency,
  OverviewRequests,
  OverviewRollouts,
  OverviewScheduled,
  OverviewSlots,
} from '@contract/overview-attention';
import { vi } from 'vitest';

/* Replies of the Overview's card endpoints for the web tests, and a fetch stub routing by path. */

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const request = (
  id: string,
  number: number,
  fields: Partial<OverviewRequests['waiting']['items'][number]> = {},
) => ({
  id,
  number,
  title: `Request ${number}`,
  environment: 'production' as const,
  tenantId: 'tenant-1',
  tenantName: 'Acme Corp',
  status: 'pending' as const,
  requestedBy: 'bob@example.com',
  createdAt: iso(-3 * HOUR),
  scheduledAt: null,
  ...fields,
});

const counts = { pending: 0, scheduled: 0, applied: 0, rejected: 0, cancelled: 0, failed: 0 };

export const emptyCards = {
  '/api/overview/requests': {
    waiting: { total: 0, items: [] },
    mine: { counts, items: [] },
  } satisfies OverviewRequests,
  '/api/overview/scheduled': { total: 0, items: [] } satisfies OverviewScheduled,
  '/api/overview/rollouts': { total: 0, items: [] } satisfies OverviewRollouts,
  '/api/overview/slots': { total: 0, items: [] } satisfies OverviewSlots,
  '/api/overview/activity': {
    days: Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      development: 0,
      uat: 0,
      production: 0,
      failed: 0,
      rolledBack: 0,
    })),
  } satisfies OverviewActivity,
};

const probe = (i: number, ok: boolean) => ({
  checkedAt: iso(-(10 - i) * 60_000),
  ok,
  statusCode: ok ? 200 : 503,
  durationMs: 40 + i,
});

export const fullCards = {
  '/api/overview/requests': {
    waiting: {
      total: 4,
      items: [
        request('cr-1', 12, { createdAt: iso(-26 * HOUR) }),
        request('cr-2', 13, { tenantId: null, tenantName: null, environment: 'uat' }),
      ],
    },
    mine: { counts: { ...counts, pending: 2, failed: 1 }, items: [] },
  } satisfies OverviewRequests,
  '/api/overview/scheduled': {
    total: 1,
    items: [request('cr-3', 14, { status: 'scheduled', scheduledAt: iso(2 * HOUR) })],
  } satisfies OverviewScheduled,
  '/api/overview/rollouts': {
    total: 1,
    items: [
      {
        id: 'ro-1',
        resourceType: 'microfrontend',
        resourceId: 'mfe-1',
        resourceName: 'Checkout',
        environment: 'production',
        fromSlot: 'blue',
        toSlot: 'green',
        steps: [10, 50, 100],
        stepIndex: 1,
        trafficPercentage: 50,
        state: 'running',
        nextActionAt: iso(5 * 60_000),
        startedAt: iso(-HOUR),
      },
    ],
  } satisfies OverviewRollouts,
  '/api/overview/slots': {
    total: 1,
    items: [
      {
        id: 'slot-1',
        resourceType: 'capability',
        resourceId: 'api-1',
        resourceName: 'Payments API',
        environment: 'production',
        slot: 'green',
        trafficPercentage: 100,
        healthStatus: 'unhealthy',
        healthReason: 'HTTP 503',
        healthFailures: 3,
        lastHealthCheck: iso(-60_000),
        probes: Array.from({ length: 10 }, (_, i) => probe(i, i < 7)),
      },
    ],
  } satisfies OverviewSlots,
  '/api/overview/activity': {
    days: emptyCards['/api/overview/activity'].days.map((day, i) => ({
      ...day,
      production: i % 3,
      development: 1,
      failed: i === 29 ? 2 : 0,
    })),
  } satisfies OverviewActivity,
  '/api/overview/slots/slot-1/latency': {
    slotId: 'slot-1',
    probes: Array.from({ length: 10 }, (_, i) => probe(i, i < 7)),
  } satisfies OverviewLatency,
};

/** Stubs fetch with a reply per path (a function for a status or a sequence); anything else is a 404. */
export function stubFetchByPath(replies: Record<string, unknown | (() => Response)>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const reply = replies[path];
    if (reply === undefined)
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    return typeof reply === 'function' ? reply() : Response.json(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
