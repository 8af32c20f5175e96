import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { publicRoute } from '../auth/permissions';
import { SESSION_COOKIE } from '../auth/sessions';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { loggerOptions, serializeError } from './logging';

const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const SECRET_PARAM = 'parameter-value-that-must-not-leak';
const PASSWORD = 'hunter2-but-longer';
const TOKEN = 'session-token-that-must-not-leak';

describe('serializeError', () => {
  it('keeps what went wrong and where, drops the SQL, its parameters and row values', () => {
    const cause = Object.assign(new Error('null value in column "name" violates not-null constraint'), {
      code: '23502',
      table: 'users',
      column: 'name',
      detail: `Failing row contains (u1, ${HASH}, null).`,
      where: `SQL function with ${SECRET_PARAM}`,
    });
    const error = new DrizzleQueryError('insert into users values ($1, $2)', [HASH, SECRET_PARAM], cause);
    const out = serializeError(error);
    const text = JSON.stringify(out);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain(SECRET_PARAM);
    expect(text).not.toContain('insert into');
    expect(out.cause).toMatchObject({ code: '23502', table: 'users', column: 'name' });
    expect(out.cause?.message).toContain('violates not-null constraint');
    expect(out.stack).toMatch(/\n\s+at /);
  });

  it('blanks input values that PostgreSQL quotes in its messages', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET_PARAM}"`), {
      code: '22P02',
    });
    expect(JSON.stringify(serializeError(error))).not.toContain(SECRET_PARAM);
  });
});

describe.each(testDatabaseKinds())('server logs [%s]', (kind) => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({
      database: database.handle,
      logger: loggerOptions('info', { stream: { write: (line) => void lines.push(line) } }),
    });
    const { db } = database.handle;
    // A query that fails with a bug-class error (500, logged in full) and carries secret parameters.
    app.get('/api/test/failing-query', { config: { permission: publicRoute } }, async () => {
      await db.execute(sql`select 1 / 0 where ${SECRET_PARAM} <> ${HASH}`);
      return {};
    });
    app.post('/api/test/echo', { config: { permission: publicRoute } }, async (request) => {
      request.log.info({ headers: request.headers, body: request.body }, 'echo');
      return {};
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('writes one line per request, on completion, with what was asked and how it ended', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/api/ready', headers: { 'x-request-id': 'one-line-test' } });
    const mine = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'one-line-test');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ready' },
      res: { statusCode: res.statusCode },
    });
    expect(mine[0].responseTime).toBeGreaterThanOrEqual(0);
  });

  it('logs a failing query without its parameters', async () => {
    const res = await app.inject('/api/test/failing-query');
    expect(res.statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).toContain('division by zero');
    expect(logged).not.toContain(SECRET_PARAM);
    expect(logged).not.toContain(HASH);
  });

  it('never logs cookies, authorization or passwords', async () => {
    // Cookie and bearer token in separate requests: one request with both is refused before the handler.
    for (const headers of [{ cookie: `${SESSION_COOKIE}=${TOKEN}` }, { authorization: `Bearer ${TOKEN}` }]) {
      await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers,
        payload: { email: 'a@example.com', password: PASSWORD },
      });
    }
    const logged = lines.join('');
    expect(logged).toContain('"msg":"echo"');
    expect(logged).toContain('a@example.com');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(PASSWORD);
  });

  it('blanks a token sent in the query string (?access_token=) in the logged URL', async () => {
    lines.length = 0;
    const secret = `rmt_${TOKEN}`;
    const query = `?page=2&access_token=${secret}&ACCESS_TOKEN=${secret}x&id_token=${TOKEN}&sort=name`;
    await app.inject({ url: `/api/ready${query}`, headers: { 'x-request-id': 'query-token-test' } });
    const line = lines.map((l) => JSON.parse(l)).find((entry) => entry.reqId === 'query-token-test');
    expect(line?.req.url).toBe(
      '/api/ready?page=2&access_token=[redacted]&ACCESS_TOKEN=[redacted]&id_token=[redacted]&sort=name',
    );
    expect(lines.join('')).not.toContain(TOKEN);
  });
});
