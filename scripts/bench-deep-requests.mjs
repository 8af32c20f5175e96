// Deep pages per request (issue 41, item 4): PostgreSQL's time for everything one list request runs, first page
// against the page at offset 9,950. The built server runs with the statement recorder of bench-cpu
// (bench-cpu-capture.mjs) on a database holding the large data set (`npm run seed:large`, then
// scripts/bench-deep-pages.ts once, which tops up the lists that data set leaves empty); each request is sent
// once to warm up, then once recorded, and every statement it ran (the viewer's read, the page, the count or
// the estimate) is timed by EXPLAIN ANALYZE inside a transaction that is rolled back; the figure is the sum of
// the medians over BENCH_ROUNDS runs (default 7). Prints figures only.
// Usage: npm run build:server && BENCH_DATABASE_URL=postgres://.../<db> node scripts/bench-deep-requests.mjs
//   BENCH_ENTRIES=before=<path to main.js>,after=dist/server/main.js compares builds on the same data.
// BENCH_VERBOSE=1 prints each statement's time. The database must have no administrator yet, or one with the password this script uses (it creates one).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { signIn, startServer, stopServer } from './bench-server.mjs';

const root = join(import.meta.dirname, '..');
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to the database holding the large data set');
const entries = (process.env.BENCH_ENTRIES ?? 'project=dist/server/main.js').split(',').map((pair) => {
  const [label = '', path = ''] = pair.split('=');
  return { label, path: resolve(root, path) };
});
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const port = Number(process.env.BENCH_PORT ?? 5097);
const adminEmail = 'bench-deep-admin@example.com';
const adminPassword = 'Bench-deep-pages-4a7c1e9b';
const DEEP = 9_950;

const ALL_LISTS = [
  ['tenants', '/api/tenants?'],
  ['users', '/api/users?'],
  ['user profiles', '/api/user-profiles?'],
  ['capabilities', '/api/capabilities?'],
  ['microfrontends', '/api/microfrontends?'],
  ['microfrontend versions', '/api/microfrontend-versions/microfrontend/bench-mfe-1?'],
  ['web apps', '/api/web-apps?'],
  ['meshes', '/api/web-app-meshes?'],
  ['audit log', '/api/audit-events?'],
  ['audit log, resource type', '/api/audit-events?resourceType=tenant&'],
  ['changes', '/api/change-requests?'],
  ['changes, closed', '/api/change-requests?state=closed&'],
];
// BENCH_LISTS=tenants,users picks lists by label.
const picked = process.env.BENCH_LISTS?.split(',');
const LISTS = picked ? ALL_LISTS.filter(([label]) => picked.includes(label)) : ALL_LISTS;

const timed = /^\s*(select|insert|update|delete|with)\b/i;

/** The median EXPLAIN ANALYZE execution time (ms) of one recorded statement, its effects rolled back. */
async function executionMs(client, { text, values }) {
  const times = [];
  for (let i = 0; i < ROUNDS + 1; i++) {
    await client.query('begin');
    try {
      const result = await client.query({ text: `explain (analyze, format json) ${text}`, values });
      if (i > 0) times.push(result.rows[0]['QUERY PLAN'][0]['Execution Time']);
    } finally {
      await client.query('rollback');
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** PostgreSQL time of everything one request runs, and how many statements that is. */
async function requestMs(client, base, cookie, capture, path) {
  await fetch(`${base}${path}`, { headers: { cookie } }).then((res) => res.arrayBuffer());
  writeFileSync(capture, '');
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  const statements = readFileSync(capture, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter(({ text }) => timed.test(text));
  let ms = 0;
  for (const statement of statements) {
    const each = await executionMs(client, statement);
    if (process.env.BENCH_VERBOSE) console.info(`    ${each.toFixed(3)} ms  ${statement.text.slice(0, 110)}`);
    ms += each;
  }
  return { ms, statements: statements.length };
}

const dir = mkdtempSync(join(tmpdir(), 'rm-bench-deep-'));
const capture = join(dir, 'statements.jsonl');
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  for (const entry of entries) {
    const server = await startServer(['--import', join(root, 'scripts/bench-cpu-capture.mjs'), entry.path], {
      port,
      cwd: root,
      env: {
        DATABASE_URL: url,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        BENCH_CAPTURE_FILE: capture,
      },
    });
    try {
      const cookie = await signIn(server.base, adminEmail, adminPassword);
      console.info(
        `${entry.label}: PostgreSQL ms per request (statements), median of ${ROUNDS}\n` +
          `${'list'.padEnd(26)}${'page 1'.padStart(14)}${'offset 9,950'.padStart(16)}${'ratio'.padStart(8)}`,
      );
      for (const [label, path] of LISTS) {
        const first = await requestMs(client, server.base, cookie, capture, `${path}limit=25`);
        const deep = await requestMs(client, server.base, cookie, capture, `${path}limit=25&offset=${DEEP}`);
        console.info(
          `${label.padEnd(26)}${`${first.ms.toFixed(2)} (${first.statements})`.padStart(14)}` +
            `${`${deep.ms.toFixed(2)} (${deep.statements})`.padStart(16)}${(deep.ms / first.ms).toFixed(2).padStart(8)}`,
        );
      }
    } finally {
      await stopServer(server);
    }
  }
} finally {
  await client.end();
  rmSync(dir, { recursive: true, force: true });
}
