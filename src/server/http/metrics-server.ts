import { createServer, type Server } from 'node:http';
import type { AppMetrics } from './metrics';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener (METRICS_PORT on METRICS_HOST, 127.0.0.1 unless the operator says otherwise):
 * a server of its own, apart from the public port, so the process's internals are exposed only where
 * a scraper can reach them. It answers `GET /metrics` and nothing else.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  options: { port: number; host: string },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
