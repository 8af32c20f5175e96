import { healthSchema, readySchema } from '../../contract/health';
import type { DatabaseHandle } from '../db/client';
import { errorResponses } from '../http/error-responses';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a constant (Retry-After), no query
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/faults';
import { AppError } from '../errors';
import { publicRoute } from '../auth/permissions';
import type { ZodApp } from '../http/zod-app';

export function healthRoutes(
  app: ZodApp,
  { database }: { database: Pick<DatabaseHandle, 'kind' | 'ping' | 'breaker'> },
): void {
  app.get(
    '/api/health',
    {
      config: { permission: publicRoute },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: readySchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      // ping() gives up within the connect timeout, so a load balancer never waits on a silent database,
      // and at once while the circuit breaker is open; the pool opens fresh connections on the next call,
      // so readiness returns with the database.
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        const breaker = database.breaker ? ` (circuit breaker ${database.breaker.state})` : '';
        throw new AppError('SERVICE_UNAVAILABLE', `Database is not reachable${breaker}`, undefined, {
          'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
        });
      }
      return {
        status: 'ready' as const,
        database: database.kind,
        ...(database.breaker && { breaker: database.breaker.state }),
      };
    },
  );
}
