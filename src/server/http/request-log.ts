import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it completes: method, URL, client, status and time taken. Fastify's own
 * request logging writes two (one on arrival, one on completion), which at the default level cost about
 * 10% of a list request's CPU (docs/lists.md, "Where a list request's CPU goes"); the arrival line says
 * nothing the completion line does not, except for requests still running, which the in-flight metric
 * shows.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
