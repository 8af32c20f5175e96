import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { IDToken } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_POLICY } from '../sessions';
import { ssoSettings, userIdentities, users } from '../../db/schema';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/databases';
import { insertFixtures } from '../../test/fixtures';
import { SsoFailure } from './config';
import { ssoSignIn } from './sign-in';

const now = Math.floor(Date.now() / 1000);
const claims: IDToken = {
  iss: 'https://idp.example.com',
  sub: 'dana-sub',
  aud: 'resource-manager',
  iat: now,
  exp: now + 300,
  email: 'dana@new.io',
  email_verified: true,
  name: 'Dana New',
  groups: [],
};

const context = {
  ip: '127.0.0.1',
  policy: DEFAULT_SESSION_POLICY,
  idToken: 'id-token',
  breakGlassEmail: 'break-glass@example.com',
};

// Only a server with real concurrent connections can race; PGlite runs one statement at a time.
describe.runIf(testDatabaseKinds().includes('postgres'))('SSO first sign-in race [postgres]', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await insertFixtures(database.handle.db);
    await database.handle.db.insert(ssoSettings).values({ jitProvisioning: true });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('signs in a new identity whose first sign-in elsewhere commits meanwhile: no error, one user, one link', async () => {
    const { db } = database.handle;
    // Another sign-in of the same identity, mid-way: its user and link written, not yet committed.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`insert into users (id, email, name) values ('dana', 'dana@new.io', 'Dana New')`);
      await other.query(`insert into user_identities (user_id, issuer, subject) values ('dana', $1, $2)`, [
        claims.iss,
        claims.sub,
      ]);
      const signIn = ssoSignIn(db, claims, context);
      // This sign-in finds no identity yet and inserts the user: it waits on the other's row...
      await waitForLockWait(other);
      // ...which commits: the insert fails on the unique index, and the retry finds the committed user.
      await other.query('commit');
      const { me } = await signIn;
      expect(me.user.id).toBe('dana');
    } finally {
      await other.end();
    }
    expect(await db.select().from(users).where(eq(users.email, 'dana@new.io'))).toHaveLength(1);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, 'dana-sub'))).toHaveLength(
      1,
    );
  });

  it('refuses a second subject linking to an account whose first link elsewhere commits meanwhile', async () => {
    const { db } = database.handle;
    // Another sign-in, of another subject with Bob's verified address, mid-way: Bob locked and linked.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select id from users where id = 'user-2' for update`);
      await other.query(
        `insert into user_identities (user_id, issuer, subject) values ('user-2', $1, 'bob-1')`,
        [claims.iss],
      );
      const signIn = ssoSignIn(db, { ...claims, sub: 'bob-2', email: 'bob@globex.io' }, context);
      const outcome = signIn.then(
        () => 'signed in',
        (error: unknown) => (error instanceof SsoFailure ? error.code : error),
      );
      // This sign-in finds Bob by his address and waits for the other's lock on him...
      await waitForLockWait(other);
      // ...which commits: it then sees Bob linked already, and refuses.
      await other.query('commit');
      expect(await outcome).toBe('unknown_user');
    } finally {
      await other.end();
    }
    const links = await db.select().from(userIdentities).where(eq(userIdentities.userId, 'user-2'));
    expect(links.map((link) => link.subject)).toEqual(['bob-1']);
  });
});

/** Resolves once some other session of the database waits on a lock. */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0]?.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
