// List benchmark at platform-team scale: writes the large data set (npm run seed:large) into a fresh database,
// starts the built server on it, and prints, for each list and search request, the time to answer (p50/p95
// over repeated requests on loopback, which bounds the server time from above) and the response size; then, in
// the system Chromium, the time to the first painted rows of Tenants, Users and Audit Log and the input latency
// while typing in a search box. Budgets (issue 11): <= 50 ms p95 and <= 100 KB per request; first rows <= 1 s;
// input latency < 100 ms. Prints figures only; it never fails on a budget.
// Then the keyset and estimated-total what-ifs, before and after in the same run (bench-lists-keyset.mjs).
// Usage: npm run build && node scripts/bench-lists.mjs   (BENCH_KEYSET_ONLY=1: the what-ifs alone)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  measures on PostgreSQL (a throwaway database
//   is created on that server and dropped afterwards); without it, on the embedded database in a temp dir.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchKeyset } from './bench-lists-keyset.mjs';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist/server/main.js');
if (!existsSync(entry)) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 5098);
const base = `http://127.0.0.1:${port}`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const adminEmail = 'bench-admin@example.com';
const adminPassword = `Bench-${randomBytes(12).toString('base64url')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The requests a screen makes at this size: first pages, sorts, searches, filters, deep pages, pickers. */
const REQUESTS = [
  ['tenants, first page', '/api/tenants?limit=25'],
  ['tenants, sort name', '/api/tenants?limit=25&sort=name'],
  ['tenants, sort -createdAt', '/api/tenants?limit=25&sort=-createdAt'],
  ['tenants, search "globex"', '/api/tenants?limit=25&q=globex'],
  ['tenants, search "0042"', '/api/tenants?limit=25&q=0042'],
  ['tenants, status filter', '/api/tenants?limit=25&status=inactive'],
  ['tenants, last page', '/api/tenants?limit=25&offset=9975'],
  ['tenant options "wonka 01"', '/api/tenants/options?q=wonka%2001'],
  ['users, first page', '/api/users?limit=25'],
  ['users, sort email', '/api/users?limit=25&sort=email'],
  ['users, search "hopper"', '/api/users?limit=25&q=hopper'],
  ['users, of one tenant', '/api/users?limit=25&tenantId=large-t-00042'],
  ['user profiles, one tenant', '/api/user-profiles?tenantId=large-t-00042'],
  ['capabilities, first page', '/api/capabilities?limit=25'],
  ['capabilities, search "07"', '/api/capabilities?limit=25&q=07'],
  ['capability options', '/api/capabilities/options?q=capab'],
  ['web apps, first page', '/api/web-apps?limit=25'],
  ['audit, first page', '/api/audit-events?limit=25'],
  ['audit, one actor', '/api/audit-events?limit=25&actor=user00042%40large.example.com'],
  ['audit, one tenant', '/api/audit-events?limit=25&tenantId=large-t-00042'],
  ['audit, resource type', '/api/audit-events?limit=25&resourceType=tenant'],
  ['audit, page 100', '/api/audit-events?limit=25&offset=2475'],
  [
    'control plane, active versions',
    '/api/capability-subscriptions/versions/active/large-t-00001/development/us-east-1',
  ],
  [
    'version history, one context',
    '/api/capability-subscriptions/versions/history/large-t-00001/large-cap-002/development/us-east-1',
  ],
  ['overview', '/api/overview'],
];

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function freshDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rm-bench-lists-'));
    return {
      label: 'embedded PGlite',
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `rm_bench_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

async function startServer(env) {
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

async function signIn() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function benchRequests(cookie) {
  console.log(
    `\n${'request'.padEnd(34)} ${'status'.padStart(6)} ${'rows'.padStart(5)} ${'total'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'KB'.padStart(6)}  budget`,
  );
  for (const [label, path] of REQUESTS) {
    const times = [];
    let status = 0;
    let bytes = 0;
    let rows = '';
    let total = '';
    for (let i = 0; i < ROUNDS + 3; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = await res.arrayBuffer();
      const elapsed = performance.now() - started;
      if (i >= 3) times.push(elapsed);
      status = res.status;
      bytes = body.byteLength;
      total = res.headers.get('x-total-count') ?? '';
      try {
        const parsed = JSON.parse(Buffer.from(body).toString('utf8'));
        rows = Array.isArray(parsed) ? String(parsed.length) : '';
      } catch {
        rows = '';
      }
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const within = status < 400 && p95 <= 50 && bytes <= 100 * 1024;
    console.log(
      `${label.padEnd(34)} ${String(status).padStart(6)} ${rows.padStart(5)} ${total.padStart(7)} ${percentile(times, 50).toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${(bytes / 1024).toFixed(1).padStart(6)}  ${within ? 'ok' : 'OVER'}`,
    );
  }
}

async function benchBrowser(cookie) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    console.log(`\n(browser figures skipped: no Chromium at ${chromiumPath})`);
    return;
  }
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: base };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('navigation').first().waitFor();
    console.log('');
    for (const [label, path] of [
      ['Tenants', '/tenants'],
      ['Users', '/users'],
      ['Audit Log', '/audit-log'],
    ]) {
      const samples = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await page.goto(`${base}${path}`);
        // Every generated row shows an @large.example.com address (owner, user, actor): the first one is the first row.
        await page
          .getByText(/@large\.example\.com/)
          .first()
          .waitFor({ timeout: 15_000 });
        samples.push(performance.now() - started);
      }
      samples.sort((a, b) => a - b);
      console.log(
        `${`first rows painted, ${label}`.padEnd(40)} median ${percentile(samples, 50).toFixed(0).padStart(5)} ms   worst ${samples.at(-1).toFixed(0).padStart(5)} ms  (budget 1000)`,
      );
    }
    // Input latency while typing in the Tenants search: the Event Timing API's durations (input to next paint).
    await page.goto(`${base}/tenants`);
    const search = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first();
    await search.waitFor();
    await page.evaluate(() => {
      globalThis.__eventDurations = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__eventDurations.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    });
    await search.click();
    await search.pressSequentially('wonka 0042', { delay: 60 });
    await sleep(1500);
    const durations = await page.evaluate(() => globalThis.__eventDurations);
    const worst = durations.length ? Math.max(...durations) : 0;
    console.log(
      `${'typing in Tenants search'.padEnd(40)} worst input-to-paint ${worst.toFixed(0)} ms over ${durations.length} slow events (>=16 ms)  (budget 100)`,
    );
  } finally {
    await browser.close();
  }
}

const database = await freshDatabase();
let server;
try {
  console.log(`List benchmark on ${database.label}: writing the large data set...`);
  await run(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'],
    database.env,
  );
  server = await startServer(database.env);
  const cookie = await signIn();
  const keysetOnly = process.env.BENCH_KEYSET_ONLY === '1';
  if (!keysetOnly) await benchRequests(cookie);
  await benchKeyset(base, cookie, database.env.DATABASE_URL);
  if (!keysetOnly) await benchBrowser(cookie);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
  }
  await database.drop();
}
