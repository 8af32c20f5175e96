import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { silenceableProxy } from '../test/silenceable-proxy';
import { timeoutAwareClient } from './pg-pool';

/*
 * The client-side read timeout (pg-pool.ts): a query the server does not answer within it fails with
 * "Query read timeout" and its connection is dropped, through a pool (callback form) or a client of
 * its own (promise form); a query that answers in time leaves nothing behind. PostgreSQL only.
 */
const READ_TIMEOUT_MS = 400;

describe.skipIf(!process.env.TEST_DATABASE_URL)('timeoutAwareClient [postgres]', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let url: string;
  const Client = timeoutAwareClient(READ_TIMEOUT_MS);

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const target = new URL(database.url ?? '');
    proxy = await silenceableProxy(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    url = target.toString();
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await database?.dispose();
  });

  it('answers queries that come back in time, and keeps the connection past the timeout', async () => {
    proxy.state.silent = false;
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select 1 as n');
      expect(rows).toEqual([{ n: 1 }]);
      // A finished query is no longer watched: the connection outlives the read timeout.
      await new Promise((resolve) => setTimeout(resolve, READ_TIMEOUT_MS * 2));
      const again = await client.query<{ n: number }>({ text: 'select $1::int as n', values: [2] });
      expect(again.rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('fails a query on a silent network with "Query read timeout" and drops its connection (promise)', async () => {
    proxy.state.silent = false;
    const client = new Client({ connectionString: url });
    const ended = new Promise<void>((resolve) => client.on('end', () => resolve()));
    client.on('error', () => undefined);
    await client.connect();
    proxy.state.silent = true;
    try {
      await expect(client.query('select 1')).rejects.toThrow(/^Query read timeout$/);
      await ended;
    } finally {
      proxy.state.silent = false;
    }
  });

  it('fails a pooled query the same way, and the pool discards the client (callback)', async () => {
    proxy.state.silent = false;
    const pool = new pg.Pool({ connectionString: url, max: 1, Client });
    pool.on('error', () => undefined);
    try {
      await pool.query('select 1');
      expect(pool.totalCount).toBe(1);
      proxy.state.silent = true;
      const error = await new Promise<Error>((resolve) =>
        pool.query('select 1', [], (failure: Error) => resolve(failure)),
      );
      expect(error.message).toBe('Query read timeout');
      await expect.poll(() => pool.totalCount).toBe(0);
      proxy.state.silent = false;
      const { rows } = await pool.query<{ n: number }>('select 3 as n');
      expect(rows).toEqual([{ n: 3 }]);
    } finally {
      proxy.state.silent = false;
      await pool.end();
    }
  });
});
