import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy to a PostgreSQL server that can go silent: while `silent`, bytes in both directions are dropped and
 * nothing is closed, so neither side sees a reset, as when a network path drops packets.
 */
export async function silenceableProxy(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<Socket>();
  const state = { silent: false };
  const server = createServer((downstream) => {
    const upstream = connect(targetPort, targetHost);
    sockets.add(downstream).add(upstream);
    downstream.on('data', (chunk) => void (state.silent || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (state.silent || downstream.write(chunk)));
    const close = () => {
      downstream.destroy();
      upstream.destroy();
    };
    for (const socket of [downstream, upstream]) socket.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
