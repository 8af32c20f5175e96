import { expect, it } from 'vitest';
import { ensureFirstAdmin } from './auth/service';
import { describeApi, type ApiContext } from './test/api-harness';
import { insertFixturesWithoutApprovals } from './test/fixtures';

/*
 * A strong ETag names one body (docs/decisions/007): every path that changes what a by-id read answers
 * moves the revision on. revisions.test.ts covers the forms' writes; these are the other writers of the
 * same rows: blue-green changes of a tenant or a capability, a sign-in stamping lastLoginAt, and the
 * first-administrator repair at start. Each fails if its writer leaves the revision where it was.
 */

interface Read {
  etag: string | undefined;
  body: unknown;
}

async function read(ctx: ApiContext, url: string): Promise<Read> {
  const res = await ctx.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag;
  return { etag: typeof etag === 'string' ? etag : undefined, body: res.json() };
}

/** Reads `url`, runs a write through `path`, reads again: a changed body comes with another tag. */
async function expectOneBodyPerTag(ctx: ApiContext, url: string, path: () => Promise<void>): Promise<void> {
  const before = await read(ctx, url);
  expect(before.etag).toMatch(/^"\d+"$/);
  await path();
  const after = await read(ctx, url);
  expect(after.body, 'the path under test changed nothing: it proves nothing').not.toEqual(before.body);
  expect(after.etag).not.toBe(before.etag);
}

describeApi(
  'a strong ETag names one body',
  (ctx) => {
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await ctx().inject({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };

    it('a blue-green change of a tenant moves its revision on', async () => {
      await expectOneBodyPerTag(ctx(), '/api/tenants/tenant-003', () =>
        post('/api/tenants/tenant-003/toggle-environment-blue-green', {
          environment: 'development',
          enabled: true,
        }),
      );
    });

    it('a blue-green change of a capability moves its revision on', async () => {
      await expectOneBodyPerTag(ctx(), '/api/capabilities/api-002', () =>
        post('/api/capabilities/api-002/toggle-environment-blue-green', {
          environment: 'development',
          enabled: true,
        }),
      );
    });

    it('a sign-in stamping lastLoginAt moves the user on', async () => {
      const password = 'etag one body password';
      const created = await ctx().inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Erin Etag', email: 'erin@example.com', password },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: string }>();
      await expectOneBodyPerTag(ctx(), `/api/users/${id}`, async () => {
        const login = await ctx().app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'erin@example.com', password },
        });
        expect(login.statusCode, login.body).toBe(200);
      });
    });

    it('the first-administrator repair at start moves the account it repairs on', async () => {
      // Bob is a plain user without a password; no active administrator in these fixtures has one.
      await expectOneBodyPerTag(ctx(), '/api/users/user-2', async () => {
        const repaired = await ensureFirstAdmin(ctx().db, {
          email: 'bob@globex.io',
          password: 'x'.repeat(16),
        });
        expect(repaired?.email).toBe('bob@globex.io');
      });
    });
  },
  insertFixturesWithoutApprovals,
);
