import { createServer, type AddressInfo, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { EnvError, parseEnv } from '../env';
import { SESSION_COOKIE } from '../auth/sessions';
import { migrationsFolder } from '../paths';
import { openDatabase } from './client';
import { breakerOpenError } from './breaker';
import { isDatabaseUnavailable, isDatabaseUnreachable } from './faults';

/** A pg DatabaseError-like error with a SQLSTATE. */
const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });
/** How Drizzle hands driver errors to services: wrapped, with the SQL and parameters. */
const wrapped = (cause: Error) => new DrizzleQueryError('select $1', ['secret'], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin shutdown', pgError('57P01')],
    ['crash shutdown', pgError('57P02')],
    ['cannot connect now', pgError('57P03')],
    ['connection exception class 08', pgError('08006')],
    ['connection does not exist', pgError('08003')],
    ['too many connections', pgError('53300')],
    ['statement timeout', pgError('57014')],
    ['idle in transaction timeout', pgError('25P03')],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['unknown host', Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND' })],
    ['terminated mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pool checkout timeout', new Error('timeout exceeded when trying to connect')],
    ['client-side query timeout', new Error('Query read timeout')],
    ['client already broken', new Error('Client has encountered a connection error and is not queryable')],
    [
      'refused on every address',
      new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect failed'),
    ],
  ])('%s is a database fault, bare or wrapped by Drizzle', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505')],
    ['foreign key violation', pgError('23503')],
    ['bad input', pgError('22P02')],
    ['syntax error (a bug)', pgError('42601')],
    ['division by zero (a bug)', pgError('22012')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('isDatabaseUnreachable (what opens the circuit breaker)', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a new connection timed out', new Error('Connection terminated due to connection timeout')],
    ['a client outside the pool could not connect in time', new Error('timeout expired')],
    ['terminated mid-query', new Error('Connection terminated unexpectedly')],
    ['silent past the statement timeout', new Error('Query read timeout')],
    ['server shutting down', pgError('57P01')],
    ['server starting up', pgError('57P03')],
    ['connection exception class 08', pgError('08006')],
  ])('%s opens it, bare or wrapped', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(true);
  });

  it.each([
    ['one statement cancelled by the statement timeout', pgError('57014')],
    ['an idle transaction ended', pgError('25P03')],
    ['too many connections (up, but full)', pgError('53300')],
    ['the pool busy (a checkout waited too long)', new Error('timeout exceeded when trying to connect')],
    ['a unique violation', pgError('23505')],
    ['the breaker refusing (it must not feed itself)', breakerOpenError()],
  ])('%s does not (still a 503 where it is a fault)', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
    expect(isDatabaseUnreachable(wrapped(error))).toBe(false);
  });

  it('answers the breaker’s refusal like any database fault', () => {
    expect(isDatabaseUnavailable(breakerOpenError())).toBe(true);
  });
});

/** A local port where nothing listens: connections are refused at once, as with the server stopped. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('database faults over HTTP', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, for signed-in requests and sign-in alike', async () => {
    const database = await openDatabase(
      {
        kind: 'postgres',
        url: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
        timeouts: { connectMs: 2_000 },
      },
      migrationsFolder(),
    );
    const app = await buildApp({ database });
    try {
      const answers = await Promise.all([
        app.inject({ url: '/api/tenants', headers: { cookie: `${SESSION_COOKIE}=whatever` } }),
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.com', password: 'correct horse battery' },
        }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      }
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 within the connect timeout when the network goes silent (a server that never answers)', async () => {
    // Accepts TCP connections and never says a word: what a dropped network looks like to a new connection.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await openDatabase(
      { kind: 'postgres', url: `postgres://postgres@127.0.0.1:${port}/none`, timeouts: { connectMs: 1_000 } },
      migrationsFolder(),
    );
    const app = await buildApp({ database });
    try {
      const [tenants, ready] = await Promise.all([
        app.inject({ url: '/api/tenants', headers: { cookie: `${SESSION_COOKIE}=whatever` } }),
        app.inject('/api/ready'),
      ]);
      expect(tenants.statusCode).toBe(503);
      expect(tenants.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 10_000);
});

describe('database timeouts configuration', () => {
  it('defaults to 5 s connect, 15 s statement and 15 s idle-in-transaction', () => {
    expect(parseEnv({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT: 5,
      DATABASE_STATEMENT_TIMEOUT: 15,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: 15,
    });
  });

  it('reads them in seconds and refuses nonsense, naming the variable', () => {
    expect(
      parseEnv({
        DATABASE_CONNECT_TIMEOUT: '2',
        DATABASE_STATEMENT_TIMEOUT: '60',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: '30',
      }),
    ).toMatchObject({
      DATABASE_CONNECT_TIMEOUT: 2,
      DATABASE_STATEMENT_TIMEOUT: 60,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: 30,
    });
    const problems = (() => {
      try {
        parseEnv({ DATABASE_CONNECT_TIMEOUT: '0', DATABASE_STATEMENT_TIMEOUT: 'soon' });
        return [];
      } catch (error) {
        return error instanceof EnvError ? error.problems : [];
      }
    })();
    expect(problems.join('\n')).toContain('DATABASE_CONNECT_TIMEOUT="0"');
    expect(problems.join('\n')).toContain('DATABASE_STATEMENT_TIMEOUT="soon"');
  });
});
