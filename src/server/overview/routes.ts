import { overviewSchema } from '../../contract/overview';
import type { Database } from '../db/client';
import type { ZodApp } from '../http/zod-app';
import { getOverview } from './service';
import { requestScope } from '../auth/guard';
import { signedIn } from '../auth/permissions';

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
    async (request) => getOverview(db, requestScope(request)),
  );
}
