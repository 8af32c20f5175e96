import { afterAll, beforeAll, expect, it } from 'vitest';
import { setPasswordBodySchema } from '../../contract/auth';
import { isPasswordStrengthCheckInstalled } from '../../contract/password';
import { userInputSchema } from '../../contract/users';
import { buildApp, type App } from '../app';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { carriesPassword } from './password-strength';

// This file imports nothing that loads the estimator: the server must load it on the first password.
let database: TestDatabase;
let app: App;
let cookie: string;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp({ database: database.handle });
  cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

it('starts without the estimator, and still refuses a weak password on the first request that sets one', async () => {
  expect(isPasswordStrengthCheckInstalled()).toBe(false);
  const weak = await app.inject({
    method: 'POST',
    url: `/api/users/${TEST_ADMIN.id}/password`,
    headers: { cookie },
    payload: { password: 'password1234' },
  });
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toMatchObject({
    issues: [
      { path: 'body.password', message: expect.stringMatching(/too close to a very common password/) },
    ],
  });
  expect(isPasswordStrengthCheckInstalled()).toBe(true);
});

it('finds the password field of every body that sets one, optional or not', () => {
  expect(carriesPassword(setPasswordBodySchema)).toBe(true);
  expect(carriesPassword(userInputSchema)).toBe(true);
  expect(carriesPassword(userInputSchema.omit({ password: true }))).toBe(false);
  expect(carriesPassword(undefined)).toBe(false);
});
