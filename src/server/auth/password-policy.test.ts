import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import { describeWeakPassword, passwordSchema, weakPasswordReason } from '../../contract/password';
import { parseEnv } from '../env';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { loadPasswordStrength } from './password-strength';

describe('password policy', () => {
  // The server loads the estimator on first use (password-strength.ts); these call the policy directly.
  beforeAll(loadPasswordStrength);

  it('refuses common and trivially weak passwords with the reason in plain words', () => {
    expect(weakPasswordReason('password1234')).toBe(
      'This is too close to a very common password. Add more words that are less common.',
    );
    expect(weakPasswordReason('123456789012')).toMatch(/^This is a very common password\./);
    expect(weakPasswordReason('aaaaaaaaaaaa')).toMatch(/^Repeated characters like "aaa" are easy to guess\./);
    expect(weakPasswordReason('qwertyuiopas')).toBeDefined();
    for (const strong of ['correct horse battery staple', 'a-long-password-1', 'Tangerine-Viaduct-42']) {
      expect(weakPasswordReason(strong)).toBeUndefined();
    }
  });

  it('says something useful for an unknown feedback key and nothing for a strong score', () => {
    expect(describeWeakPassword({ score: 1, warning: 'somethingNew', suggestions: ['alsoNew'] })).toBe(
      'This password is too easy to guess.',
    );
    expect(describeWeakPassword({ score: 3, warning: 'common', suggestions: [] })).toBeUndefined();
  });

  it('checks the length first, one reason at a time', () => {
    const short = passwordSchema.safeParse('password');
    expect(short.error?.issues.map((i) => i.message)).toEqual(['Password must be at least 12 characters']);
  });

  it('refuses a weak ADMIN_PASSWORD at start-up, naming the variable and the reason', () => {
    expect(() => parseEnv({ ADMIN_PASSWORD: 'password1234' })).toThrow(
      /ADMIN_PASSWORD=\(hidden\): This is too close to a very common password/,
    );
    expect(parseEnv({ ADMIN_PASSWORD: 'a-long-password-1' }).ADMIN_PASSWORD).toBe('a-long-password-1');
  });
});

describeApi(
  'password policy on the API',
  (ctx) => {
    const post = (url: string, payload: object) => ctx().inject({ method: 'POST', url, payload });

    it('refuses a weak password when a user is created, with the reason on body.password', async () => {
      const res = await post('/api/users', {
        name: 'Weak',
        email: 'weak@example.com',
        password: 'password1234',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().issues).toEqual([
        {
          path: 'body.password',
          message: 'This is too close to a very common password. Add more words that are less common.',
        },
      ]);
    });

    it('refuses a weak password when one is set or reset', async () => {
      const res = await post('/api/users/user-2/password', { password: '123456789012' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().issues?.[0]).toMatchObject({ path: 'body.password' });
      expect(res.json<ErrorBody>().issues?.[0]?.message).toMatch(/very common password/);
      expect(
        (await post('/api/users/user-2/password', { password: 'Tangerine-Viaduct-42' })).statusCode,
      ).toBe(204);
    });
  },
  insertFixtures,
);
