import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type App, type AppDeps } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, testDatabaseKinds, type TestDatabase, type TestDatabaseKind } from './databases';
import { sessionCookieFor, TEST_ADMIN } from './sessions';

export interface ApiContext {
  app: App;
  db: Database;
  kind: TestDatabaseKind;
  /** The database under the app: its handle (LISTEN) and, on PostgreSQL, its URL. */
  database: TestDatabase;
  /** Cookie header of a signed-in global administrator. */
  adminCookie: string;
  /** Injects a request as the administrator (pass `cookie` in headers to act as someone else). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

/**
 * Declares a suite once per test database. `prepare` fills the fresh database before the app starts;
 * the body reads the context lazily (it exists only once beforeAll ran).
 */
export function describeApi(
  name: string,
  body: (ctx: () => ApiContext) => void,
  prepare?: (db: Database) => Promise<unknown>,
  /** More of the app's dependencies, read when the app is built (after outer beforeAll hooks ran). */
  deps?: () => Omit<AppDeps, 'database'>,
): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: TestDatabase | undefined;
      let context: ApiContext | undefined;

      beforeAll(async () => {
        database = await openTestDatabase(kind);
        await prepare?.(database.handle.db);
        const app = await buildApp({ ...deps?.(), database: database.handle });
        await app.ready();
        const db = database.handle.db;
        const adminCookie = await sessionCookieFor(db, TEST_ADMIN);
        const inject = (options: InjectOptions) =>
          app.inject({ ...options, headers: { cookie: adminCookie, ...options.headers } });
        context = {
          app,
          db,
          kind,
          database,
          adminCookie,
          inject,
          get: (url) => inject({ method: 'GET', url }),
        };
      });

      afterAll(async () => {
        await context?.app.close();
        await database?.dispose();
      });

      body(() => {
        if (!context) throw new Error('API context used before beforeAll');
        return context;
      });
    });
  }
}
