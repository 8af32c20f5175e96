import type { z } from 'zod';
import { overviewSchema } from '../../contract/overview';
import {
  overviewActivitySchema,
  overviewLatencySchema,
  overviewRequestsSchema,
  overviewRolloutsSchema,
  overviewScheduledSchema,
  overviewSlotParamsSchema,
  overviewSlotsSchema,
} from '../../contract/overview-attention';
import type { Database } from '../db/client';
import type { ZodApp } from '../http/zod-app';
import { getOverview } from './service';
import { requestScope, requireViewer } from '../auth/guard';
import { signedIn } from '../auth/permissions';
import { asSeenBy } from '../auth/secret-readers';
import type { Viewer } from '../auth/viewer';
import { overviewActivity } from './activity';
import { overviewLatency, overviewRollouts, overviewSlots } from './delivery';
import { overviewRequests, overviewScheduled } from './requests';

/** The Overview's summaries: one GET per card, for everyone signed in, each narrowed to the viewer. */
const cards: {
  path: string;
  summary: string;
  schema: z.ZodType;
  read: (db: Database, v: Viewer) => Promise<unknown>;
}[] = [
  {
    path: '/api/overview/requests',
    summary: 'Change requests waiting for my review, and my own by state',
    schema: overviewRequestsSchema,
    read: overviewRequests,
  },
  {
    path: '/api/overview/scheduled',
    summary: 'Change requests due to apply in the next 24 hours',
    schema: overviewScheduledSchema,
    read: overviewScheduled,
  },
  {
    path: '/api/overview/rollouts',
    summary: 'Progressive switches in progress',
    schema: overviewRolloutsSchema,
    read: (db) => overviewRollouts(db),
  },
  {
    path: '/api/overview/slots',
    summary: 'Deployment slots that are unhealthy or whose check is failing, with their recent probes',
    schema: overviewSlotsSchema,
    read: (db) => overviewSlots(db),
  },
  {
    path: '/api/overview/activity',
    summary: 'Change requests applied per day over the last 30 days by environment, failed and rolled back',
    schema: overviewActivitySchema,
    read: overviewActivity,
  },
];

export function overviewRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/overview',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['overview'],
        summary: 'Overview figures: counts, active resources and the newest tenants and web apps',
        response: { 200: overviewSchema },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const overview = await getOverview(db, requestScope(request));
      // The newest tenants are whole tenants: their settings as each viewer may see them, as on /api/tenants.
      const recentTenants = overview.recentTenants.map((tenant) =>
        asSeenBy(viewer, 'tenant', tenant.id, tenant),
      );
      return { ...overview, recentTenants };
    },
  );
  for (const card of cards) {
    app.get(
      card.path,
      {
        config: { permission: signedIn },
        schema: { tags: ['overview'], summary: card.summary, response: { 200: card.schema } },
      },
      async (request) => card.read(db, requireViewer(request)),
    );
  }
  app.get(
    '/api/overview/slots/:id/latency',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['overview'],
        summary: "One deployment slot's recent probe latencies",
        params: overviewSlotParamsSchema,
        response: { 200: overviewLatencySchema },
      },
    },
    async (request) => overviewLatency(db, request.params.id),
  );
}
