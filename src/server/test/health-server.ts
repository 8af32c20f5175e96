import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP health endpoint for the tests: answers GET with the status it is set to (flip it to make a
 * slot fail), counts the requests it gets, and can hang, redirect, or stream an endless body.
 */
export interface HealthServer {
  url: (path?: string) => string;
  port: number;
  requests: () => number;
  set: (behaviour: HealthBehaviour) => void;
  close: () => Promise<void>;
}

export type HealthBehaviour =
  { status: number } | { hang: true } | { redirectTo: string } | { endlessBody: true };

export async function startHealthServer(initial: HealthBehaviour = { status: 200 }): Promise<HealthServer> {
  let behaviour = initial;
  let count = 0;
  const server: Server = createServer((_request, response) => {
    count += 1;
    if ('hang' in behaviour) return;
    if ('redirectTo' in behaviour) {
      response.writeHead(302, { location: behaviour.redirectTo }).end();
      return;
    }
    if ('endlessBody' in behaviour) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const pump = () => {
        while (response.write(chunk));
        response.once('drain', pump);
      };
      pump();
      return;
    }
    response.writeHead(behaviour.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: behaviour.status < 300 ? 'UP' : 'DOWN' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/health') => `http://127.0.0.1:${port}${path}`,
    requests: () => count,
    set: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
