import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { migrationsFolder } from '../paths';
import { silenceableProxy } from '../test/silenceable-proxy';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { openDatabase, type DatabaseHandle } from './client';
import { tenants } from './schema';

/**
 * Stops and restarts a private PostgreSQL cluster under concurrent writes, and checks what an operator
 * relies on: the process survives, requests answer 503 with Retry-After while the server is gone,
 * readiness follows the database, the same process recovers, and no acknowledged write is lost.
 */

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest Debian PostgreSQL binaries, if installed. */
function findPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(root, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

/** initdb refuses to run as root: as root, the cluster belongs to (and runs as) the `postgres` user. */
function clusterUser(): { uid: number; gid: number } | undefined | 'missing' {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return 'missing';
  }
}

const pgBin = findPgBin();
const owner = clusterUser();
const skipReason = !pgBin
  ? 'no PostgreSQL binaries under /usr/lib/postgresql/*/bin'
  : owner === 'missing'
    ? 'running as root and there is no postgres user to own a test cluster'
    : undefined;
if (skipReason) console.warn(`database fault test skipped: ${skipReason}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

class Cluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'rm-pg-faults-'));
  readonly data = join(this.dir, 'data');
  constructor(readonly port: number) {
    if (owner && owner !== 'missing') chownSync(this.dir, owner.uid, owner.gid);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async pg(tool: string, args: string[]): Promise<void> {
    const command = join(pgBin ?? '', tool);
    if (owner && owner !== 'missing') await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }

  init = () => this.pg('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '--no-sync']);

  start = () =>
    this.pg('pg_ctl', [
      '-D',
      this.data,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      // fsync off only matters for an operating-system crash; a stopped or killed server keeps every
      // commit that reached the kernel, which is what "no acknowledged write lost" is about here.
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);

  stop = (mode: 'immediate' | 'fast') => this.pg('pg_ctl', ['-D', this.data, '-m', mode, '-w', 'stop']);

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

describe.skipIf(skipReason !== undefined)('database faults on a private PostgreSQL cluster', () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  let app: App;
  let cookie: string;
  const connectionErrors: Error[] = [];
  let closed = false;

  beforeAll(async () => {
    cluster = new Cluster(await freePort());
    await cluster.init();
    await cluster.start();
    database = await openDatabase(
      {
        kind: 'postgres',
        url: cluster.url,
        poolSize: 5,
        timeouts: { connectMs: 2_000, statementMs: 5_000, idleInTransactionMs: 5_000 },
        onConnectionError: (error) => connectionErrors.push(error),
      },
      migrationsFolder(),
    );
    await database.migrate();
    app = await buildApp({ database });
    await app.ready();
    cookie = await sessionCookieFor(database.db, TEST_ADMIN);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    if (!closed) await database?.close().catch(() => undefined);
    await cluster?.stop('immediate').catch(() => undefined);
    cluster?.dispose();
  });

  it('survives stops and restarts under concurrent writes, answering 503 and losing no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let writing = true;

    const writer = async (name: string) => {
      for (let i = 0; writing; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/tenants',
          headers: { cookie },
          payload: { name: `${name}-${i}`, owner: 'ops@example.com' },
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 201) acknowledged.push((res.json() as { id: string }).id);
        else await sleep(25); // 503: back off a little, as Retry-After asks (scaled down for the test)
      }
    };
    const waitForWrites = async (more: number) => {
      const target = acknowledged.length + more;
      while (acknowledged.length < target) await sleep(10);
    };

    const writers = Array.from({ length: 6 }, (_, w) => writer(`writer-${w}`));
    const measures: string[] = [];
    try {
      // Three rounds by default; DATABASE_FAULT_ROUNDS=24 measures more (immediate and fast in turn).
      const rounds = Number(process.env.DATABASE_FAULT_ROUNDS ?? 3);
      for (let round = 0; round < rounds; round++) {
        const mode = round % 2 === 0 ? 'immediate' : 'fast';
        await waitForWrites(10);
        await cluster.stop(mode);

        // The database is gone: signed-in requests, sign-in and readiness answer 503 with Retry-After.
        const downAt = performance.now();
        const [list, login, ready] = await Promise.all([
          app.inject({ url: '/api/tenants', headers: { cookie } }),
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: TEST_ADMIN.email, password: 'whatever-it-is-12' },
          }),
          app.inject('/api/ready'),
        ]);
        const answeredIn = performance.now() - downAt;
        for (const res of [list, login, ready]) {
          expect(res.statusCode).toBe(503);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
        expect(list.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
        expect(login.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

        // Back up: the same process becomes ready again and writes go through.
        await cluster.start();
        const upAt = performance.now();
        while ((await app.inject('/api/ready')).statusCode !== 200) await sleep(50);
        await waitForWrites(10);
        measures.push(
          `${round + 1} ${mode}: 503 in ${answeredIn.toFixed(0)} ms, ready + 10 writes ${(performance.now() - upAt).toFixed(0)} ms after start`,
        );
      }
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    console.info(
      `database faults: ${measures.join('; ')}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `${connectionErrors.length} connection errors reported outside requests`,
    );

    // Only "created" or "database unavailable, retry": never a 500.
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    // Every 2xx is in the database.
    const stored = await database.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(inArray(tenants.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    // pool.end() waits for every checked-out client: it returns only if no fault leaked one.
    await app.close();
    await database.close();
    closed = true;
  }, 90_000);

  it('answers 503 within the timeouts when the network goes silent under open connections, and recovers', async () => {
    const proxy = await silenceableProxy(cluster.port);
    const timeouts = { connectMs: 1_000, statementMs: 2_000, idleInTransactionMs: 2_000 };
    const url = `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;
    const viaProxy = await openDatabase({ kind: 'postgres', url, poolSize: 3, timeouts }, migrationsFolder());
    const silentApp = await buildApp({ database: viaProxy });
    const list = () => silentApp.inject({ url: '/api/tenants', headers: { cookie } });
    try {
      // Warm the pool: open connections that will go silent.
      await Promise.all([list(), list(), list()]).then((all) =>
        all.map((r) => expect(r.statusCode).toBe(200)),
      );

      proxy.state.silent = true;
      const silentAt = performance.now();
      const timed = <T>(promise: Promise<T>) =>
        promise.then((value) => ({ value, ms: Math.round(performance.now() - silentAt) }));
      // Pooled connections: the client-side query timeout (statement timeout + 2 s) ends the wait.
      // New connections: the connect timeout. Readiness: the connect timeout, whatever it meets.
      const [onOpen, ready, create] = await Promise.all([
        timed(list()),
        timed(silentApp.inject('/api/ready')),
        timed(
          silentApp.inject({
            method: 'POST',
            url: '/api/tenants',
            headers: { cookie },
            payload: { name: 'written-into-silence', owner: 'ops@example.com' },
          }),
        ),
      ]);
      console.info(
        `silent network: list 503 after ${onOpen.ms} ms, ready after ${ready.ms} ms, create after ${create.ms} ms`,
      );
      for (const res of [onOpen.value, ready.value, create.value]) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }

      proxy.state.silent = false;
      while ((await silentApp.inject('/api/ready')).statusCode !== 200) await sleep(50);
      expect((await list()).statusCode).toBe(200);
    } finally {
      await silentApp.close();
      await viaProxy.close();
      await proxy.close();
    }
  }, 30_000);

  it('lets a migration wait on another process longer than the statement timeout', async () => {
    // Another process is migrating: it holds the migrations lock for longer than a statement may run.
    const other = new pg.Client({ connectionString: cluster.url });
    await other.connect();
    await other.query('select pg_advisory_lock(727001)');
    const short = { connectMs: 1_000, statementMs: 500, idleInTransactionMs: 500 };
    const second = await openDatabase(
      { kind: 'postgres', url: cluster.url, timeouts: short },
      migrationsFolder(),
    );
    try {
      const migrated = second.migrate();
      await sleep(1_500);
      await other.query('select pg_advisory_unlock(727001)');
      await expect(migrated).resolves.toBeUndefined();
    } finally {
      await other.end();
      await second.close();
    }
  }, 20_000);
});
