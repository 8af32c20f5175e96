import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { silenceableProxy } from '../test/silenceable-proxy';
import { timeoutAwareClient } from './pg-pool';
import type { TextParser } from './row-mapper';
import { WireRead, wireValues, type WireStatement } from './wire-read';

/*
 * A statement read off the wire (wire-read.ts) through a pool: the rows as pg's own parsers read them,
 * the rows' description asked for once, a named statement parsed once per connection; a server error,
 * a row the mapper cannot read and a silent network each fail the read and leave the pool usable.
 * PostgreSQL only.
 */
const READ_TIMEOUT_MS = 400;

/** A statement whose rows are arrays of each column's parsed value; counts the descriptions it got. */
function statement(name: string, text: string, rowMapper?: (parsers: TextParser[]) => WireStatement['row']) {
  const described = { count: 0 };
  const wire: WireStatement = {
    name,
    text,
    types: pg.types,
    rowMapperFor(parsers) {
      described.count++;
      return rowMapper
        ? rowMapper(parsers)
        : (row) => row.map((value, i) => (value === null ? null : parsers[i]?.(value)));
    },
  };
  return { wire, described };
}

/** pool.query(read) answers the rows the read settles with (pg's types declare the read itself back). */
const wirePool = (pool: pg.Pool): { query(read: WireRead): Promise<unknown> } => pool;

const read = (pool: pg.Pool, wire: WireStatement, params: unknown[]) =>
  wirePool(pool).query(new WireRead(wire, wireValues(params) ?? []));

describe('wireValues', () => {
  it('sends plain values as text, null as null, and leaves anything else to pg', () => {
    expect(wireValues(['a', 1, 2.5, true, 10n, null, undefined])).toEqual([
      'a',
      '1',
      '2.5',
      'true',
      '10',
      null,
      null,
    ]);
    expect(wireValues([new Date(0)])).toBeUndefined();
    expect(wireValues([['a']])).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('reads off the wire [postgres]', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const target = new URL(database.url ?? '');
    proxy = await silenceableProxy(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${proxy.port}`;
    // One connection: each read below meets what the one before it left.
    pool = new pg.Pool({
      connectionString: target.toString(),
      max: 1,
      Client: timeoutAwareClient(READ_TIMEOUT_MS),
    });
    pool.on('error', () => undefined);
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await proxy?.close();
    await database?.dispose();
  });

  it('reads the rows pg reads, asking for their description once, a named statement parsed once', async () => {
    const text = 'select $1::int as n, $2::text as t, $3::bool as b, null::int as none, array[1, 2] as list';
    const { wire, described } = statement('test_wire_named', text);
    const params = [7, 'x', false];
    const expected = (await pool.query({ text, values: params, rowMode: 'array' })).rows;
    expect(await read(pool, wire, params)).toEqual(expected);
    expect(await read(pool, wire, params)).toEqual([[7, 'x', false, null, [1, 2]]]);
    expect(await read(pool, wire, [8, null, true])).toEqual([[8, null, true, null, [1, 2]]]);
    expect(described.count).toBe(1);
    const { rows } = await pool.query<{ n: string }>(
      `select count(*)::int as n from pg_prepared_statements where name = 'test_wire_named'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('reads an unnamed statement, parsed on every read, and an answer with no rows', async () => {
    const { wire } = statement('', 'select g as n from generate_series(1, $1::int) g');
    expect(await read(pool, wire, [3])).toEqual([[1], [2], [3]]);
    expect(await read(pool, wire, [0])).toEqual([]);
  });

  it("fails with the server's error, and the connection serves the next read", async () => {
    const { wire } = statement('test_wire_error', 'select 1 / $1::int as n');
    await expect(read(pool, wire, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await read(pool, wire, [1])).toEqual([[1]]);
  });

  it('fails when a row cannot be read, once the server is done, and the connection serves the next read', async () => {
    const { wire } = statement('', 'select $1::text as t', () => (row) => {
      if (row[0] === 'bad') throw new Error('unreadable row');
      return row[0];
    });
    await expect(read(pool, wire, ['bad'])).rejects.toThrow('unreadable row');
    expect(await read(pool, wire, ['good'])).toEqual(['good']);
  });

  it('fails on a silent network with "Query read timeout", and the pool discards the connection', async () => {
    const { wire } = statement('', 'select 1 as n');
    expect(await read(pool, wire, [])).toEqual([[1]]);
    proxy.state.silent = true;
    try {
      await expect(read(pool, wire, [])).rejects.toThrow(/^Query read timeout$/);
      await expect.poll(() => pool.totalCount).toBe(0);
    } finally {
      proxy.state.silent = false;
    }
    expect(await read(pool, wire, [])).toEqual([[1]]);
  });
});
