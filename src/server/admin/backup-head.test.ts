import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { auditEvents } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

/** The embedded database's real dump, counted: HEAD must not build the copy, GET must. */
describe('HEAD /api/admin/backup', () => {
  let database: TestDatabase;
  let app: App;
  let copies = 0;
  let cookie = '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const { dump } = database.handle;
    if (!dump) throw new Error('the embedded database has a dump');
    const counted = () => {
      copies++;
      return dump();
    };
    app = await buildApp({ database: { ...database.handle, dump: counted } });
    await app.ready();
    cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const backupEvents = () =>
    database.handle.db.select().from(auditEvents).where(eq(auditEvents.action, 'system.backup'));

  it('answers the headers of a download without building the copy or auditing one', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/api/admin/backup', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="resource-manager-.+\.tar\.gz"$/,
    );
    expect(res.rawPayload).toHaveLength(0);
    expect(copies).toBe(0);
    expect(await backupEvents()).toHaveLength(0);

    const download = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(copies).toBe(1);
    expect(await backupEvents()).toHaveLength(1);
  });

  it('refuses HEAD as GET to anyone but a global administrator', async () => {
    const userCookie = await sessionCookieFor(database.handle.db, {
      id: 'head-user',
      email: 'h@example.com',
    });
    const res = await app.inject({
      method: 'HEAD',
      url: '/api/admin/backup',
      headers: { cookie: userCookie },
    });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'HEAD', url: '/api/admin/backup' })).statusCode).toBe(401);
    expect(copies).toBe(1);
  });
});
