import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../contract/changes';
import { loadViewer } from '../auth/viewer';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import { tenants, users } from '../db/schema';
import { AppError } from '../errors';
import { migrationsFolder } from '../paths';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, type TestPersona } from '../test/sessions';
import { createChangeRequest } from './requests';
import { approveChangeRequest } from './reviews';

/**
 * Two releases touching one target, approved at the same moment on two server processes (two pools on
 * one PostgreSQL): exactly one applies; the other is refused as stale and stays open to be refreshed.
 */
const REQUESTER: TestPersona = {
  id: 'race-dev',
  email: 'race-dev@example.com',
  roles: { 'tenant-001': 'admin' },
};
const APPROVER: TestPersona = {
  id: 'race-owner',
  email: 'race-owner@example.com',
  roles: { 'tenant-001': 'owner' },
};

const settings = (value: string): Change => ({
  kind: 'tenant_settings.gateway',
  tenantId: 'tenant-001',
  body: { apiGatewayConfiguration: value },
});
const webAppName = (name: string): Change => ({ kind: 'web_app.update', webAppId: 'app-1', body: { name } });

async function viewerOf(db: Database, persona: TestPersona) {
  await sessionCookieFor(db, persona);
  const [user] = await db.select().from(users).where(eq(users.id, persona.id));
  if (!user) throw new Error(`No user ${persona.id}`);
  return loadViewer(db, user, '');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two releases approved at once on two servers [postgres]',
  () => {
    let database: TestDatabase;
    let second: DatabaseHandle;

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      await insertFixtures(database.handle.db);
      second = await openDatabase(
        { kind: 'postgres', url: database.url ?? '', poolSize: 10 },
        migrationsFolder(),
      );
    });

    afterAll(async () => {
      await second?.close();
      await database?.dispose();
    });

    it('applies exactly one; the other is stale', async () => {
      const db = database.handle.db;
      const requester = await viewerOf(db, REQUESTER);
      const approver = await viewerOf(db, APPROVER);
      for (let round = 0; round < 5; round++) {
        const first = await createChangeRequest(
          db,
          { changes: [webAppName(`A${round}`), settings(`{"a":${round}}`)] },
          requester,
          undefined,
        );
        const other = await createChangeRequest(
          db,
          { changes: [settings(`{"b":${round}}`)] },
          requester,
          undefined,
        );
        const outcomes = await Promise.allSettled([
          approveChangeRequest(db, first.id, undefined, { viewer: approver }),
          approveChangeRequest(second.db, other.id, undefined, { viewer: approver }),
        ]);
        const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'applied');
        const stale = outcomes.filter(
          (o) => o.status === 'rejected' && o.reason instanceof AppError && o.reason.code === 'STALE_CHANGE',
        );
        expect(applied, JSON.stringify(outcomes)).toHaveLength(1);
        expect(stale, JSON.stringify(outcomes)).toHaveLength(1);
        const [tenant] = await db.select().from(tenants).where(eq(tenants.id, 'tenant-001'));
        const winner = outcomes[0]?.status === 'fulfilled' ? `{"a":${round}}` : `{"b":${round}}`;
        expect(tenant?.apiGatewayConfiguration).toBe(winner);
      }
    });
  },
);
