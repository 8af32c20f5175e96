import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and sniffing rules...) on every answer. The middleware is
 * built once: `@fastify/helmet`, used before, built it again for each request, parsing the CSP directives
 * each time (about 2% of a list request's CPU, docs/lists.md). The headers go on the raw response, as
 * that plugin set them, so a route that sends its own (the API docs' CSP) still overrides them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
