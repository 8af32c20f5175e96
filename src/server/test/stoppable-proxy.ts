import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy to a PostgreSQL server that can stop as the server would, seen from its clients: `stop()`
 * resets every open connection and every new one until `start()`, so queries in flight fail and
 * reconnects are refused (silenceable-proxy.ts is the other outage, a path that drops packets). Counts the
 * connections it refused, so a test waits on "the clients tried again" rather than on the clock. It can
 * also go silent, as silenceable-proxy.ts does (a path that drops packets, no reset), counting what it drops.
 */
export async function stoppableProxy(targetPort: number, targetHost = '127.0.0.1') {
  const sockets = new Set<Socket>();
  const state = { stopped: false, refused: 0, silent: false, dropped: 0 };
  const server = createServer((downstream) => {
    if (state.stopped) {
      state.refused += 1;
      downstream.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    sockets.add(downstream).add(upstream);
    // While silent, bytes in both directions are dropped and counted, and nothing is closed.
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (state.silent) state.dropped += 1;
      else to.write(chunk);
    };
    downstream.on('data', forward(upstream));
    upstream.on('data', forward(downstream));
    const close = () => {
      sockets.delete(downstream);
      sockets.delete(upstream);
      downstream.destroy();
      upstream.destroy();
    };
    for (const socket of [downstream, upstream]) socket.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    port,
    /** Resets every connection now open, and refuses new ones until start(). */
    stop: () => {
      state.stopped = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    start: () => {
      state.stopped = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
