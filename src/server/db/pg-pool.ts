import pg from 'pg';
import { propertyOf } from '../unknown';
import { breakerOpenError, type DatabaseBreaker } from './breaker';

/**
 * A pg client's socket; destroying it ends the client with an error the pool sees (`cause`, or pg's
 * "Connection terminated unexpectedly"), and it is discarded.
 */
function dropConnection(client: pg.Client, cause?: Error): void {
  // `connection.stream` is pg's socket; its type declarations do not list it.
  const stream = propertyOf(propertyOf(client, 'connection'), 'stream');
  const destroy = propertyOf(stream, 'destroy');
  if (typeof destroy === 'function') Reflect.apply(destroy, stream, cause ? [cause] : []);
}

/** The error a query gets when the server has not answered it in time (faults.ts: the network went silent). */
const readTimeoutError = () => new Error('Query read timeout');

/** How often the queries in flight are checked against the read timeout. */
const READ_TIMEOUT_SWEEP_MS = 250;

/** A query in flight: when it was sent, and on which client. */
interface Reading {
  startedAt: number;
  client: pg.Client;
  expired: boolean;
}

/**
 * A pg client class whose queries give up when the server has not answered within `readTimeoutMs`
 * (a silent network: the statement timeout would have answered by then), failing with "Query read
 * timeout" and dropping the connection: the statement may still be running on a server that went
 * silent, so the connection can never be trusted again, and the pool discards a client whose
 * connection ended instead of handing it to the next request.
 *
 * pg's own `query_timeout` does the same, but with it each query's result lived long enough for V8 to
 * promote it to the old generation: on a 25-row page that doubled the CPU of the query, in garbage
 * collection. So did an override of query() that took its arguments as a rest array (measured; the
 * cause is V8's, not found). Here query() takes three named parameters, and one sweep per pool, every
 * READ_TIMEOUT_SWEEP_MS while queries are in flight, checks them all (docs/lists.md, "What a query's
 * timer cost").
 */
export function timeoutAwareClient(readTimeoutMs: number): typeof pg.Client {
  const reading = new Set<Reading>();
  let sweep: NodeJS.Timeout | undefined;
  const check = () => {
    const now = performance.now();
    for (const entry of reading) {
      if (now - entry.startedAt < readTimeoutMs) continue;
      entry.expired = true;
      reading.delete(entry);
      // The query, and the pool's checkout waiting on this client, fail with the timeout itself.
      dropConnection(entry.client, readTimeoutError());
    }
    if (reading.size === 0) {
      clearInterval(sweep);
      sweep = undefined;
    }
  };
  const begin = (client: pg.Client): Reading => {
    const entry = { startedAt: performance.now(), client, expired: false };
    reading.add(entry);
    // Unref'd: a query in flight never keeps the process alive on its own.
    sweep ??= setInterval(check, READ_TIMEOUT_SWEEP_MS).unref();
    return entry;
  };
  const end = (entry: Reading, error: unknown) => {
    reading.delete(entry);
    return entry.expired && error ? readTimeoutError() : error;
  };
  return class TimeoutAwareClient extends pg.Client {
    // pg's query() has many overloads, all of them (query, values?, callback?); each passes through, a
    // callback or a promise timed alike. Named parameters, not a rest array (see above).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      const done: unknown = typeof callback === 'function' ? callback : values;
      // A submittable answers through its own events, untimed, unless the pool submits it (wire-read.ts).
      const untimed = typeof done !== 'function' && typeof propertyOf(config, 'submit') === 'function';
      if (untimed) return super.query(config, values, callback);
      const entry = begin(this);
      if (typeof done === 'function') {
        const timed = (error: unknown, result: unknown) =>
          Reflect.apply(done, undefined, [end(entry, error), result]);
        return done === callback ? super.query(config, values, timed) : super.query(config, timed);
      }
      const result: unknown = super.query(config, values);
      if (!(result instanceof Promise)) {
        end(entry, undefined);
        return result;
      }
      return result.then(
        (value: unknown) => {
          end(entry, undefined);
          return value;
        },
        (error: unknown) => {
          throw end(entry, error);
        },
      );
    }
  };
}

/**
 * Follows the pool's clients for the breaker: a client's connection error counts as a failure (of an
 * operation begun when it connected, so a connection from before an outage cannot reopen the breaker
 * after it), and `dropAll` ends the pool's work on the lost server when the breaker opens.
 */
export function followClients(pool: pg.Pool, breaker: () => DatabaseBreaker | undefined) {
  pool.on('connect', (client) => {
    const connectedAt = performance.now();
    client.on('error', (error) => breaker()?.failed(error, connectedAt));
  });
  return { dropAll: () => dropAll(pool) };
}

/**
 * The liveness check's verdict carried out (issue 41): once a probe on a connection of its own found the
 * server unreachable, every request still waiting on it answers 503 now instead of at its query timeout
 * (statement timeout + 2 s: up to 17 s on a silent network). Checkouts waiting in the pool's queue fail
 * with the breaker's error (their statement was never sent), then every connection the pool holds is
 * destroyed: idle ones (they would each make a request wait out a timeout once the breaker lets requests
 * through again), checked-out ones (their query fails as a lost connection) and ones still connecting.
 * pg-pool keeps these in `_pendingQueue` and `_clients`, which its type declarations do not list.
 */
function dropAll(pool: pg.Pool): void {
  const queue = propertyOf(pool, '_pendingQueue');
  if (Array.isArray(queue)) {
    const waiting: unknown[] = queue.splice(0);
    for (const item of waiting) {
      const callback = propertyOf(item, 'callback');
      if (typeof callback === 'function') Reflect.apply(callback, item, [breakerOpenError()]);
    }
  }
  const clients = propertyOf(pool, '_clients');
  if (!Array.isArray(clients)) return;
  for (const client of [...clients]) {
    if (client instanceof pg.Client) dropConnection(client);
  }
}

/**
 * Watches a checked-out client's first query (BEGIN) for the breaker, releasing the client when it fails:
 * later queries run inside drizzle's try/finally, which releases it.
 */
function watchBegin(client: pg.PoolClient, breaker: DatabaseBreaker, startedAt: number): void {
  const firstQuery = (...args: unknown[]): unknown => {
    // Back to the prototype's query for every later call.
    Reflect.deleteProperty(client, 'query');
    const result: unknown = Reflect.apply(client.query, client, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        breaker.failed(error, startedAt);
        client.release(error instanceof Error ? error : true);
      });
    }
    return result;
  };
  Object.defineProperty(client, 'query', { value: firstQuery, configurable: true, writable: true });
}

/**
 * The pool as Drizzle sees it. Refuses at once (the breaker's error, a 503) while the breaker is open, and
 * tells it how each query and checkout ended. Also: Drizzle's pg transaction runs BEGIN before its
 * try/finally, so a BEGIN that fails (the server went away between checkout and BEGIN) never releases the
 * client, leaking a pool slot per fault until every request waits for a checkout that never comes. Drizzle
 * checks out through `connect()` without arguments (pg-pool's own `query` passes a callback), so that form
 * is wrapped: if the checkout's first query fails, the client goes back to the pool with the error, which
 * discards it. (Code of ours that checks out a client itself uses the pool directly.)
 */
export function guardedPool(pool: pg.Pool, breaker: DatabaseBreaker): pg.Pool {
  // Checkouts and queries in flight, oldest first (a Set keeps insertion order), for the breaker's watchdog.
  const inFlight = new Set<{ startedAt: number }>();
  breaker.watch(() => inFlight.values().next().value?.startedAt);
  const track = <T>(work: () => Promise<T>): Promise<T> => {
    const operation = { startedAt: performance.now() };
    inFlight.add(operation);
    const done = work();
    done.then(
      () => inFlight.delete(operation),
      () => inFlight.delete(operation),
    );
    return done;
  };
  const connect = async (): Promise<pg.PoolClient> => {
    breaker.assertCanTry();
    const startedAt = performance.now();
    const client = await track(() => pool.connect()).catch((error: unknown) => {
      breaker.failed(error, startedAt);
      throw error;
    });
    watchBegin(client, breaker, startedAt);
    return client;
  };
  const query = (...args: unknown[]): unknown => {
    if (breaker.state === 'open') return Promise.reject(breakerOpenError());
    const startedAt = performance.now();
    const result: unknown = Reflect.apply(pool.query, pool, args);
    if (result instanceof Promise) {
      void track(() => result);
      result.then(
        () => breaker.succeeded(startedAt),
        (error: unknown) => breaker.failed(error, startedAt),
      );
    }
    return result;
  };
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') {
        return (...args: unknown[]) =>
          args.length === 0 ? connect() : Reflect.apply(target.connect, target, args);
      }
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(target);
      return bound;
    },
  });
}

/** Rejects with an ETIMEDOUT error (a database fault) unless `work` settles within `ms`. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  // Lost the race below: its late failure must not surface as an unhandled rejection.
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${what} timed out`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness answers within the connect timeout whatever the network does: a checkout that waits for the
 * pool, a connect that never completes, or a query on a connection that went silent all count as down.
 */
export async function pingWithin(pool: pg.Pool, ms: number): Promise<void> {
  // pg honours a per-query query_timeout; its type declarations do not list it.
  const probe: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: ms };
  await within(pool.query(probe), ms, 'Database ping');
}

/**
 * The breaker's probe: a connection of its own (the pool's may all be stuck on the silent path, or busy),
 * `select 1`, closed again, all within `ms`.
 */
export async function probeConnection(url: string, ms: number): Promise<void> {
  // One deadline for the whole probe (`within`), so it fails with the same error whatever step hangs.
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await within(
      client.connect().then(() => client.query('select 1')),
      ms,
      'Database probe',
    );
  } catch (error) {
    // A probe lost to a silent network would never hear back from end(): destroy rather than wait.
    dropConnection(client);
    throw error;
  }
  await client.end().catch(() => undefined);
}
