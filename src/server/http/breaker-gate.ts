import type { FastifyInstance } from 'fastify';
import { breakerOpenError, type BreakerState } from '../db/breaker';

/** Paths that answer without the database: liveness, and readiness, which names the breaker's state itself. */
const ANSWERS_WITHOUT_DATABASE = new Set(['/api/health', '/api/ready']);

/**
 * While the database circuit breaker is open, an API request gets the database's 503 before anything else
 * runs (reading the session would fail anyway): during an outage a refusal costs next to nothing, so the
 * process keeps answering quickly however many requests arrive. Static client files are still served.
 */
export function registerBreakerGate(
  app: FastifyInstance,
  breaker: { readonly state: BreakerState } | undefined,
): void {
  if (!breaker) return;
  // A callback hook: it runs on every request and never waits (an async one costs a promise each time).
  app.addHook('onRequest', (request, _reply, next) => {
    if (breaker.state !== 'open') return next();
    const path = request.url.split('?')[0] ?? '';
    next(path.startsWith('/api/') && !ANSWERS_WITHOUT_DATABASE.has(path) ? breakerOpenError() : undefined);
  });
}
