// Release benchmark (docs/releases.md, issue 37): a set of 100 changes of three kinds (40 tenants' gateway
// settings, 20 configuration versions in one context, so each sees the one before it, then 40 gateway routes
// of that capability, valid only because the configurations before them exist)
// filed (one dry run in order), read by a reviewer, approved (applied in one transaction) on PostgreSQL with the
// large data set (10,000 tenants, 200,000 audit events, 50,000 change requests). Prints the milliseconds
// of each step; the goal is under 2 s each. Figures only.
// Usage: node --import tsx scripts/bench-release.ts
//   DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a
//   scratch database is created there and dropped afterwards. BENCH_LARGE=0 skips the large data set.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Change } from '../src/contract/changes';
import { loadViewer } from '../src/server/auth/viewer';
import { getChangeRequest } from '../src/server/changes/reads';
import { createChangeRequest } from '../src/server/changes/requests';
import { approveChangeRequest } from '../src/server/changes/reviews';
import { openDatabase, type Database } from '../src/server/db/client';
import { LARGE_DATA_PREFIX, seedLargeData } from '../src/server/db/large-data';
import { users } from '../src/server/db/schema';
import { migrationsFolder } from '../src/server/paths';
import { SECOND_ADMIN } from '../src/server/test/change-requests';
import { insertFixtures } from '../src/server/test/fixtures';
import { sessionCookieFor, TEST_ADMIN, type TestPersona } from '../src/server/test/sessions';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rm_bench_release_${process.pid}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function viewerOf(db: Database, persona: TestPersona) {
  await sessionCookieFor(db, persona);
  const [user] = await db.select().from(users).where(eq(users.id, persona.id));
  if (!user) throw new Error(`No user ${persona.id}`);
  return loadViewer(db, user, '');
}

const pad = (n: number) => String(n).padStart(5, '0');
function hundredChanges(): Change[] {
  const settings: Change[] = Array.from({ length: 40 }, (_, i) => ({
    kind: 'tenant_settings.gateway',
    tenantId: `${LARGE_DATA_PREFIX}t-${pad(i + 1)}`,
    body: { apiGatewayConfiguration: JSON.stringify({ release: i }) },
  }));
  const routes: Change[] = Array.from({ length: 40 }, (_, i) => ({
    kind: 'gateway_route.create',
    tenantId: 'tenant-001',
    body: {
      capabilityId: 'api-002',
      environment: 'production',
      path: `/bench/${i}`,
      methods: ['GET'],
      targetService: 'bench:8080',
      authRequired: false,
      rateLimit: null,
    },
  }));
  const configurations: Change[] = Array.from({ length: 20 }, (_, i) => ({
    kind: 'configuration.create',
    body: {
      subscriptionId: 'sub-tenant-001-api-002',
      tenantId: 'tenant-001',
      capabilityId: 'api-002',
      environment: 'production',
      region: 'us-east-1',
      configuration: JSON.stringify({ step: i }),
    },
  }));
  // The configurations first: a route needs its capability configured in that environment, and the
  // dry run lets each route see what the configurations before it made.
  return [...settings, ...configurations, ...routes];
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  console.info(`${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${ms <= 2000 ? 'ok' : 'OVER 2 s'}`);
  return result;
}

await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
// The bulk load writes for minutes in one transaction, which the request timeouts would cut.
const LOAD_MS = 30 * 60_000;
const database = await openDatabase(
  { kind: 'postgres', url: url.toString(), timeouts: { statementMs: LOAD_MS, idleInTransactionMs: LOAD_MS } },
  migrationsFolder(),
);
try {
  await database.migrate();
  const { db } = database;
  await insertFixtures(db);
  if (process.env.BENCH_LARGE !== '0') {
    const seeded = await seedLargeData(db);
    console.info(`large data set written in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
  }
  const requester = await viewerOf(db, TEST_ADMIN);
  const approver = await viewerOf(db, SECOND_ADMIN);
  console.info('\na release of 100 changes on PostgreSQL');
  const filed = await timed('file (one dry run of all 100, in order)', () =>
    createChangeRequest(db, { changes: hundredChanges(), title: 'Bench release' }, requester, undefined),
  );
  await timed('read by the reviewer (diffs, impact, freshness)', () =>
    getChangeRequest(db, filed.id, approver),
  );
  const applied = await timed('approve (all 100 applied in one transaction)', () =>
    approveChangeRequest(db, filed.id, undefined, { viewer: approver }),
  );
  if (applied.status !== 'applied')
    throw new Error(`The release did not apply: ${applied.outcome ?? applied.status}`);
  console.info(`status: ${applied.status}, changes: ${applied.changeCount}`);
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
