import { overviewSchema } from '../../contract/overview';
import type { Database } from '../db/client';
import type { ZodApp } from '../http/zod-app';
import { getOverview } from './service';

export function overviewRoutes(app: ZodApp, { db }: { db: Database }): void {
  app.get(
    '/api/overview',
    {
      schema: {
        tags: ['overview'],
        summary: 'Overview figures: counts, active resources and the newest tenants and web apps',
        response: { 200: overviewSchema },
      },
    },
    async () => getOverview(db),
  );
}
