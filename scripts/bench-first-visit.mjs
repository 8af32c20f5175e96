// First-visit benchmark (issue 41, item 1): how a signed-in first visit of each list screen loads, for two
// client builds in one run on the large data set on PostgreSQL: script files loaded, when the first API request
// starts, and when the data is ready (the first row's text enters the page), 3 runs per route and build, medians.
// Both builds are served by the same built server (CLIENT_DIR) on the same database, one after the other.
// Usage: npm run build && node scripts/bench-first-visit.mjs <before client dir> [<after client dir>]
//   e.g. git worktree add /tmp/fv-base <commit>; (cd /tmp/fv-base && npx vite build); then
//   node scripts/bench-first-visit.mjs /tmp/fv-base/dist/client dist/client
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): a throwaway database is created
//   there and dropped afterwards. BENCH_RUNS (default 3). Prints figures only; it never fails on a target.
//   BENCH_LATENCY_MS (default 0): a round trip Chromium adds to every request (its network emulation), as a
//   user whose browser is not on the server's machine sees it; BENCH_THROUGHPUT_MBPS (default unlimited)
//   caps the download and upload rates too.
/* global document, window, MutationObserver -- read in the page (page.evaluate) */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { adminStatement, signIn, startServer, stopServer } from './bench-server.mjs';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist/server/main.js');
const [beforeDir, afterDir = join(root, 'dist/client')] = process.argv.slice(2).map((dir) => resolve(dir));
if (!beforeDir || !existsSync(join(beforeDir, 'index.html')) || !existsSync(entry)) {
  console.error('Usage: npm run build && node scripts/bench-first-visit.mjs <before client dir> [<after>]');
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 5097);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 0);
const THROUGHPUT_MBPS = Number(process.env.BENCH_THROUGHPUT_MBPS ?? 0);
for (const [name, value] of [
  ['BENCH_LATENCY_MS', LATENCY_MS],
  ['BENCH_THROUGHPUT_MBPS', THROUGHPUT_MBPS],
  ['BENCH_RUNS', RUNS],
])
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a number of 0 or more`);
    process.exit(1);
  }
const adminEmail = 'bench-admin@example.com';
const adminPassword = `Bench-${randomBytes(12).toString('base64url')}`;

/**
 * Each route, the API request whose first row is the screen's data (the request's path), and what the
 * screen shows when that answer has no row (the large data set has no web apps, no microfrontends and nothing waiting for review).
 */
const ROUTES = [
  ['/', '/api/overview'],
  ['/tenants', '/api/tenants'],
  ['/users', '/api/users'],
  ['/apis', '/api/capabilities'],
  ['/apps', '/api/web-apps', 'No applications found'],
  ['/microfrontends', '/api/microfrontends', 'No microfrontends registered yet'],
  ['/deployments', '/api/microfrontends/options', 'No microfrontends registered yet'],
  ['/audit-log', '/api/audit-events'],
  ['/changes', '/api/change-requests', 'No change requests'],
];

/** The text of a row a screen shows: its name, title, e-mail, label or actor's e-mail (the Overview: a recent tenant). */
const rowText = (row) =>
  row && typeof row === 'object'
    ? [row.name, row.title, row.email, row.label, row.actorEmail].find((v) => typeof v === 'string' && v)
    : undefined;
const firstRowText = (body) => (Array.isArray(body) ? rowText(body[0]) : rowText(body?.recentTenants?.[0]));

function run(command, args, env) {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${command} exited ${code}`))));
  });
}

/**
 * One first visit: a new context (empty cache) with the session cookie. Data ready is the moment the
 * screen's first row's text enters the page, seen from inside it by a mutation observer installed before
 * any of the page's scripts: nothing of the harness's own round trips is counted. The text is learnt from
 * the screen's answer on a visit before (`text` undefined: this visit only learns it).
 */
async function visit(browser, base, cookie, [route, dataPath, empty], text) {
  const context = await browser.newContext();
  await context.addCookies(
    [...cookie.split('; '), viewCookie].map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: base };
    }),
  );
  const page = await context.newPage();
  if (LATENCY_MS > 0 || THROUGHPUT_MBPS > 0) {
    // Chromium delays each response by the latency and paces bytes at the rate (bytes per second; -1: none).
    const rate = THROUGHPUT_MBPS > 0 ? (THROUGHPUT_MBPS * 1_000_000) / 8 : -1;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: rate,
      uploadThroughput: rate,
    });
  }
  let scripts = 0;
  let answer;
  let rendered = false;
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts++;
    if (answer === undefined && new URL(response.url()).pathname === dataPath)
      answer = response.json().then(
        (body) => firstRowText(body) ?? empty,
        () => undefined,
      );
  });
  await page.addInitScript((wanted) => {
    if (!wanted) return;
    const seen = () => {
      if (window.__dataReady !== undefined || !document.body?.textContent.includes(wanted)) return;
      window.__dataReady = performance.now();
      observer.disconnect();
    };
    const observer = new MutationObserver(seen);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
  const response = await page.goto(`${base}${route}`);
  // A page the server rendered carries its data (docs/architecture.md, "The first view from the server").
  rendered = (await response.text()).includes('id="rm-server-state"');
  let ready;
  if (text) {
    await page.waitForFunction(() => window.__dataReady !== undefined, undefined, { timeout: 20_000 });
    ready = await page.evaluate(() => window.__dataReady);
  } else {
    const started = Date.now();
    while (answer === undefined && Date.now() - started < 20_000) await page.waitForTimeout(20);
    text = await answer;
  }
  // The first API request that left before the data was on screen (none: the page carried it).
  const firstApi = await page.evaluate(
    (until) =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/') && e.startTime <= until)
          .map((e) => e.startTime),
      ),
    ready ?? Number.POSITIVE_INFINITY,
  );
  await context.close();
  if (!text) throw new Error(`${route}: no row in the answer of ${dataPath}`);
  return { scripts, firstApi, ready, text, rendered };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts the built server for one client build on `offset` ports above BENCH_PORT. */
const serve = (clientDir, env, offset) =>
  startServer([entry], {
    port: port + offset,
    cwd: root,
    env: {
      ...env,
      CLIENT_DIR: clientDir,
      // Each build with its own renderer (`ssr` beside its client), or none: a build before server
      // rendering has none, and another build's would not match its client.
      ...(existsSync(join(clientDir, '..', 'ssr'))
        ? { SERVER_RENDER_DIR: join(clientDir, '..', 'ssr') }
        : { SERVER_RENDER: 'off' }),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    },
  });

/**
 * Both builds, each served by its own server on the same database, visited in turn (before, after, before...)
 * so that the machine's load of the moment weighs on both alike; medians per route and build.
 */
async function measureBuilds(browser, dirs, env) {
  const servers = [];
  try {
    for (const [i, dir] of dirs.entries()) servers.push(await serve(dir, env, i));
    const cookies = await Promise.all(servers.map((s) => signIn(s.base, adminEmail, adminPassword)));
    const figures = dirs.map(() => ({}));
    for (const screen of ROUTES) {
      const [route] = screen;
      const runs = dirs.map(() => []);
      // A first visit to each server warms its caches (not the browser's) and learns the row to wait for.
      let text;
      // (The text is learnt from the first build's answer: a page rendered by the server asks for none.)
      for (const [b, server] of servers.entries())
        text ??= (await visit(browser, server.base, cookies[b], screen, text)).text;
      for (let i = 0; i < RUNS; i++)
        for (const [b, server] of servers.entries())
          runs[b].push(await visit(browser, server.base, cookies[b], screen, text));
      for (const [b, list] of runs.entries())
        figures[b][route] = {
          scripts: median(list.map((r) => r.scripts)),
          firstApi: median(list.map((r) => r.firstApi)),
          ready: median(list.map((r) => r.ready)),
          rendered: list.filter((r) => r.rendered).length,
        };
    }
    return figures;
  } finally {
    for (const server of servers) await stopServer(server);
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rm_bench_fv_${process.pid}`;
await adminStatement(adminUrl, `create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const env = { DATABASE_URL: url.toString() };
// An interrupted run still drops its database (the servers, children of this process, end with it).
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () =>
    adminStatement(adminUrl, `drop database if exists ${name} with (force)`).finally(() => process.exit(130)),
  );
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
    // Chromium 156 loads its omnibox popup (a WebUI page) in every new window, beside the visit: it is the
    // browser's own work, not the page's, and took both cores for 30-50 ms of each first visit.
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup',
  ],
});
/**
 * The view cookie the client writes on every start (src/contract/view-cookie.ts), as this browser would:
 * with it, a server that renders first views renders these visits, as it does a returning visitor's.
 */
let viewCookie;
try {
  const probe = await browser.newPage();
  const { locale, timeZone } = await probe.evaluate(() => Intl.DateTimeFormat().resolvedOptions());
  await probe.close();
  viewCookie = `rm_view=${['dark', locale, timeZone].map(encodeURIComponent).join('|')}`;
  console.log('First-visit benchmark on PostgreSQL: writing the large data set...');
  await run(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'], env);
  const [before, after] = await measureBuilds(browser, [beforeDir, afterDir], env);
  // The first API request's start as a share of data ready; none when the page carried its data.
  const share = (f) =>
    Number.isFinite(f.firstApi) ? `${((f.firstApi / f.ready) * 100).toFixed(0)}%` : 'none';
  // No API request before data ready: a page rendered by the server carries its data.
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'none').padStart(8);
  console.log(
    `\nbefore: ${beforeDir}\nafter:  ${afterDir}\nmedians of ${RUNS} first visits each, the builds in turn (Chromium), network: ${LATENCY_MS} ms added per round trip, ${THROUGHPUT_MBPS > 0 ? `${THROUGHPUT_MBPS} Mbit/s` : 'no rate cap'}\n`,
  );
  console.log(
    `${'route'.padEnd(16)} ${'scripts'.padStart(15)} ${'first API request'.padStart(22)} ${'data ready'.padStart(20)} ${'speed-up'.padStart(9)} ${'first API / ready'.padStart(18)} ${'server-rendered'.padStart(16)}`,
  );
  for (const [route] of ROUTES) {
    const b = before[route];
    const a = after[route];
    console.log(
      `${route.padEnd(16)} ${`${b.scripts} -> ${a.scripts}`.padStart(15)} ${`${ms(b.firstApi)} -> ${ms(a.firstApi)}`.padStart(22)} ${`${ms(b.ready)} -> ${ms(a.ready)}`.padStart(20)} ${`${(b.ready / a.ready).toFixed(2)}x`.padStart(9)} ${`${share(b)} -> ${share(a)}`.padStart(18)} ${`${b.rendered}/${RUNS} -> ${a.rendered}/${RUNS}`.padStart(16)}`,
    );
  }
} finally {
  await browser.close();
  await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
}
