// Deep-page benchmark (issue 41, item 4): PostgreSQL's own time for the first page and for the page at offset
// 9,950 of every list, from EXPLAIN ANALYZE of the statements the services build (their `*ListQueries`
// builders, as the EXPLAIN test uses them), not of hand-written copies. Per list: the median execution time of
// the page statement over BENCH_ROUNDS runs (default 9, after 2 warm-ups), and of the count statement where a
// request at that offset runs it. Prints figures only.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db with `npm run seed:large`> npx tsx scripts/bench-deep-pages.ts
// The lists the large data set leaves (nearly) empty (web apps, meshes, microfrontends and one's versions,
// capabilities) are topped up to 10,000 rows first, in that database only.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { auditEventListQueries } from '../src/server/audit-log/reads';
import { capabilityListQueries } from '../src/server/capabilities/service';
import { changeRequestListQueries } from '../src/server/changes/reads';
import { openDatabase, type Database } from '../src/server/db/client';
import type { ListQueries } from '../src/server/db/list';
import { largeTableEstimate } from '../src/server/db/totals';
import { meshListQueries } from '../src/server/microfrontends/mesh-service';
import { microfrontendListQueries } from '../src/server/microfrontends/registry-service';
import { microfrontendVersionListQueries } from '../src/server/microfrontends/versions-service';
import { migrationsFolder } from '../src/server/paths';
import { ADMIN_VIEWER } from '../src/server/test/viewers';
import { tenantListQueries } from '../src/server/tenants/service';
import { userProfileListQueries } from '../src/server/users/profiles-service';
import { userListQueries } from '../src/server/users/service';
import { firstValue } from '../src/server/db/execute-rows';
import { webAppListQueries } from '../src/server/web-apps/service';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database holding the large data set');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const DEEP = 9_950;
const LIMIT = 25;

const admin = ADMIN_VIEWER;

type Window = { limit: number; offset: number };
const all = { all: true } as const;

/** Every list with its builder, at the default order and at a filtered or sorted view. */
const LISTS: [string, (db: Database, w: Window) => ListQueries<unknown>][] = [
  ['tenants', (db, w) => tenantListQueries(db, all, w)],
  ['tenants, sort name', (db, w) => tenantListQueries(db, all, { ...w, sort: 'name' })],
  ['users', (db, w) => userListQueries(db, admin, w)],
  ['user profiles', (db, w) => userProfileListQueries(db, all, w)],
  ['capabilities', (db, w) => capabilityListQueries(db, w)],
  ['microfrontends', (db, w) => microfrontendListQueries(db, w)],
  ['microfrontend versions', (db, w) => microfrontendVersionListQueries(db, 'bench-mfe-1', w)],
  ['web apps', (db, w) => webAppListQueries(db, all, w)],
  ['meshes', (db, w) => meshListQueries(db, all, w)],
  ['audit log', (db, w) => auditEventListQueries(db, undefined, w)],
  [
    'audit log, resource type',
    (db, w) => auditEventListQueries(db, undefined, { ...w, resourceType: 'tenant' }),
  ],
  ['changes', (db, w) => changeRequestListQueries(db, w, admin)],
  ['changes, closed', (db, w) => changeRequestListQueries(db, { ...w, state: 'closed' }, admin)],
];

/** Rows for the lists the large data set leaves empty, as the EXPLAIN test writes them. */
async function topUp(db: Database): Promise<void> {
  const day = sql.raw(`timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'`);
  const series = sql.raw(`generate_series(1, 10000) g`);
  const count = async (table: string) => {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    return Number(firstValue(result, 'n') ?? 0);
  };
  if ((await count('web_apps')) < 10_000) {
    await db.execute(sql`insert into web_apps (id, tenant_id, name, technology, status, environment, created_at)
      select 'bench-app-' || g, 'large-t-' || lpad((1 + g % 1000)::text, 5, '0'), 'App ' || md5(g::text),
        (array['module-federation', 'web-component', 'iframe-composition'])[1 + g % 3],
        (array['running', 'provisioning', 'stopped'])[1 + g % 3],
        (array['development', 'uat', 'production'])[1 + g % 3], ${day}
      from ${series}`);
  }
  if ((await count('web_app_meshes')) < 10_000) {
    await db.execute(sql`insert into web_app_meshes (id, tenant_id, name, menu_items, created_at)
      select 'bench-mesh-' || g, 'large-t-' || lpad((1 + g % 1000)::text, 5, '0'), 'Mesh ' || md5(g::text), '[]', ${day}
      from ${series}`);
  }
  if ((await count('capabilities')) < 10_000) {
    await db.execute(sql`insert into capabilities (id, name, status, category, version)
      select 'bench-cap-' || g, 'Capability ' || md5(g::text), (array['available', 'provisioning', 'deprecated'])[1 + g % 3],
        'category' || (g % 40), '1.' || (g % 50) || '.0'
      from ${series}`);
  }
  if ((await count('microfrontends')) < 10_000) {
    await db.execute(sql`insert into microfrontends (id, slug, name, created_at)
      select 'bench-mfe-' || g, 'bench-slug-' || g, 'Front ' || md5(g::text), ${day}
      from ${series}`);
    await db.execute(sql`insert into microfrontend_versions (id, microfrontend_id, version, status, created_at)
      select 'bench-mfv-' || g, 'bench-mfe-1', '1.' || g || '.0', (array['draft', 'published', 'deprecated'])[1 + g % 3], ${day}
      from ${series}`);
  }
  await db.execute(sql`vacuum analyze`);
}

/** A built statement (drizzle's query builders are SQL wrappers; the list types only say PromiseLike). */
function isStatement(query: unknown): query is SQLWrapper {
  return (
    typeof query === 'object' && query !== null && 'getSQL' in query && typeof query.getSQL === 'function'
  );
}

function statementOf(query: unknown): SQLWrapper {
  if (!isStatement(query)) throw new Error('not a drizzle statement');
  return query;
}

/** "Execution Time" of EXPLAIN (ANALYZE, FORMAT JSON)'s one row. */
function executionTimeOf(plan: unknown): number | undefined {
  const [first]: unknown[] = Array.isArray(plan) ? plan : [];
  if (typeof first !== 'object' || first === null || !('Execution Time' in first)) return undefined;
  return Number(first['Execution Time']);
}

/** The median execution time (ms) of a statement, by EXPLAIN ANALYZE. */
async function executionMs(db: Database, statement: SQLWrapper): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    const result = await db.execute(sql`explain (analyze, format json) ${statement}`);
    const ms = executionTimeOf(firstValue(result, 'QUERY PLAN'));
    if (i >= 2 && ms !== undefined) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

const handle = await openDatabase(
  { kind: 'postgres', url, timeouts: { statementMs: 600_000 } },
  migrationsFolder(),
);
try {
  await topUp(handle.db);
  const columns = ['page 1', 'offset 9,950', 'ratio', 'count', 'request 1', 'request 9,950', 'ratio'];
  console.info(
    `PostgreSQL execution time in ms (median of ${ROUNDS}), ${LIMIT} rows a page. "request": the page plus the\n` +
      `count when the request runs it (a filtered list, or a table under the estimate's threshold).\n` +
      `${'list'.padEnd(26)}${columns.map((c) => c.padStart(14)).join('')}`,
  );
  for (const [label, build] of LISTS) {
    const first = build(handle.db, { limit: LIMIT, offset: 0 });
    const deep = build(handle.db, { limit: LIMIT, offset: DEEP });
    const firstMs = await executionMs(handle.db, statementOf(first.page));
    const deepMs = await executionMs(handle.db, statementOf(deep.page));
    const countMs = await executionMs(handle.db, statementOf(deep.count()));
    // As runList decides for a full page: the table's estimate when nothing narrows it, else a count.
    const estimated = deep.estimateOf && (await largeTableEstimate(handle.db, deep.estimateOf)) !== undefined;
    const countedMs = estimated ? 0 : countMs;
    const figures = [firstMs, deepMs, deepMs / firstMs, countMs, firstMs + countedMs, deepMs + countedMs];
    figures.push((deepMs + countedMs) / (firstMs + countedMs));
    console.info(`${label.padEnd(26)}${figures.map((n) => n.toFixed(2).padStart(14)).join('')}`);
  }
} finally {
  await handle.close();
}
