import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openTestDatabase, type TestDatabase } from '../../test/databases';
import { bearerTokenFor, TEST_ADMIN } from '../../test/sessions';
import { TokenRateLimiter } from './rate-limit';

describe('per-token rate limit', () => {
  it('refuses past the limit within a minute with Retry-After, and starts over in the next minute', () => {
    let now = 1_000_000;
    const limiter = new TokenRateLimiter(2, () => now);
    limiter.take('a');
    limiter.take('a');
    limiter.take('b');
    let refusal: unknown;
    now += 45_000;
    try {
      limiter.take('a');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', headers: { 'retry-after': '15' } });
    now += 15_000;
    expect(() => limiter.take('a')).not.toThrow();
  });

  describe('on the API', () => {
    let database: TestDatabase;
    let app: App;
    // The database opens in the hook (with its longer timeout): a loaded machine takes a while.
    beforeAll(async () => {
      database = await openTestDatabase('pglite');
      app = await buildApp({ database: database.handle, apiTokens: { maxDays: 365, requestsPerMinute: 3 } });
    });
    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    it('answers 429 to a runaway token while people and other tokens carry on', async () => {
      const db = database.handle.db;
      const runaway = await bearerTokenFor(db, TEST_ADMIN, { name: 'runaway' });
      const other = await bearerTokenFor(db, TEST_ADMIN, { name: 'other' });
      const get = (authorization: string) =>
        app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await get(runaway)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await get(runaway);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await get(other)).statusCode).toBe(200);
    });
  });
});
