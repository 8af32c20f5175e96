// CPU per request on the list endpoints (issue 27): the built server against a bare node:http + pg server
// (scripts/bench-cpu-bare.mjs) that replays the same SQL, auth read included, on the same data in the same run.
// Writes the large data set into a throwaway PostgreSQL database, captures the statements each request runs
// (scripts/bench-cpu-capture.mjs), then runs every server at once and drives each with BENCH_CPU_REQUESTS requests
// per endpoint (4 in flight), in turns of a few dozen so that a change in the machine's load touches all of them
// alike, reading each server process's CPU time from /proc (each thread's schedstat): CPU microseconds per
// request in each server's median turn, and the ratio to the bare server (and the ratio of the means). CPU
// time, not wall time, so a loaded machine skews the figures less. Linux only.
// Also printed per endpoint: the project's p99 wall time over those requests, and the bytes of one answer
// uncompressed and on the wire as a browser asks (Accept-Encoding: gzip, deflate, br).
// Usage: npm run build:server && node scripts/bench-cpu.mjs
//   BENCH_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_ENTRIES        label=path,... of server builds to compare in one run (default project=dist/server/main.js)
//   BENCH_CPU_ONLY       words,... : only the endpoints whose label holds one of them
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminStatement, runNode, signIn, startServer, stopServer, wireBytes } from './bench-server.mjs';

const root = join(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const entries = (process.env.BENCH_ENTRIES ?? 'project=dist/server/main.js').split(',').map((pair) => {
  const [label, path] = pair.split('=');
  return { label, path: join(root, path) };
});
const REQUESTS_PER_ENDPOINT = Number(process.env.BENCH_CPU_REQUESTS ?? 400);
const IN_FLIGHT = 4;
// The p99 under load: each app build alone, this many connections at once, P99_REQUESTS per endpoint.
const P99_CONNECTIONS = Number(process.env.BENCH_P99_CONNECTIONS ?? 100);
const P99_REQUESTS = Number(process.env.BENCH_P99_REQUESTS ?? 1000);
// Requests each server answers on each endpoint before any is measured, and a fifth as many again just
// before that endpoint's turns: a process's first requests run code V8 has not optimised yet (it compiles
// the hot paths on its own threads after some hundreds of calls), which costs the app, with far more code
// per request, several times its steady-state CPU; a server answers millions of requests, so the figure is
// the steady state. BENCH_CPU_WARM_UP=40 shows the cold figures.
const WARM_UP = Number(process.env.BENCH_CPU_WARM_UP ?? 1000);
const CAPTURE_ATTEMPTS = 5;
const TURNS = 10;
const firstPort = Number(process.env.BENCH_PORT ?? 5097);
const adminEmail = 'bench-admin@example.com';
const adminPassword = `Bench-${randomBytes(12).toString('base64url')}`;

const ALL_ENDPOINTS = [
  ['who am I (auth only)', '/api/auth/me'],
  ['tenants, first page', '/api/tenants?limit=25'],
  ['tenants, search "globex"', '/api/tenants?limit=25&q=globex'],
  ['users, first page', '/api/users?limit=25'],
  ['user profiles, one tenant', '/api/user-profiles?tenantId=large-t-00042'],
  ['capabilities, first page', '/api/capabilities?limit=25'],
  ['web apps, first page', '/api/web-apps?limit=25'],
  ['audit, first page', '/api/audit-events?limit=25'],
  ['audit, one tenant', '/api/audit-events?limit=25&tenantId=large-t-00042'],
  // The pickers the forms use (small option lists: id, label, detail).
  ['tenant picker', '/api/tenants/options'],
  ['tenant picker, search', '/api/tenants/options?q=globex'],
  ['capability picker', '/api/capabilities/options'],
];
// BENCH_CPU_ONLY=users,picker measures only the endpoints whose label contains one of the words.
const only = process.env.BENCH_CPU_ONLY?.split(',').filter(Boolean);
const ENDPOINTS = only
  ? ALL_ENDPOINTS.filter(([label]) => only.some((word) => label.includes(word)))
  : ALL_ENDPOINTS;

for (const entry of entries) {
  if (!existsSync(entry.path)) {
    console.error(`No build at ${entry.path}: run \`npm run build:server\` first.`);
    process.exit(1);
  }
}

const admin = (statement) => adminStatement(adminUrl, statement);

const run = (args, env) => runNode(args, env, root);

const start = (args, env, port) => startServer(args, { port, env, cwd: root });
const stop = stopServer;

/**
 * The process's CPU time in microseconds: the time each of its threads has spent on a CPU, from
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds). /proc/<pid>/stat counts in 10 ms ticks, which left a
 * few hundred requests' figure to within a tick or two (±5%); a thread's time is read as long as it runs,
 * and a server's threads (V8's, libuv's) live as long as it does.
 */
function cpuMicros(pid) {
  let nanos = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanos += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read: its time is no longer the process's to count.
    }
  }
  return nanos / 1000;
}

/** Sends `count` requests, `inFlight` at a time; pushes each one's wall time (ms) onto `times` when given. */
async function drive(server, path, cookie, count, times, inFlight = IN_FLIGHT) {
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const started = performance.now();
      // Uncompressed, as the bare server answers: compression is measured on its own (docs/lists.md).
      const res = await fetch(`${server.base}${path}`, {
        headers: { cookie, 'accept-encoding': 'identity' },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      times?.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * For each server process and endpoint: CPU microseconds per request, the median of its turns and the
 * mean over all of them, and the p99 wall time (ms, loopback, IN_FLIGHT in flight on a shared machine: an
 * upper bound). perRequest[server][endpoint] (median), meanPerRequest[server][endpoint], p99[server][endpoint].
 * The median is the figure compared: the app's own timers (the schedulers' and workers' polls) and V8's
 * idle-time collections spend CPU in bursts of up to a few hundred milliseconds whoever is asking, and a
 * burst that falls within one turn of a few dozen requests adds more to that turn than the requests cost.
 */
async function measure(servers, cookie) {
  const perRequest = servers.map(() => []);
  const meanPerRequest = servers.map(() => []);
  const p99 = servers.map(() => []);
  // Every endpoint warms every server before the first is measured: a process's first thousands of
  // requests still compile code and collect its start-up garbage, which otherwise fell on whichever
  // endpoint came first (its figures ran 20-50% above the same endpoint measured later in the run).
  for (const [, path] of ENDPOINTS) for (const server of servers) await drive(server, path, cookie, WARM_UP);
  for (const [, path] of ENDPOINTS) {
    const used = servers.map(() => []);
    const times = servers.map(() => []);
    // Again just before its turns, so each endpoint is measured with its own paths hot.
    for (const server of servers) await drive(server, path, cookie, Math.ceil(WARM_UP / 5));
    for (let turn = 0; turn < TURNS; turn++) {
      for (const [i, server] of servers.entries()) {
        const before = cpuMicros(server.pid);
        await drive(server, path, cookie, REQUESTS_PER_ENDPOINT / TURNS, times[i]);
        used[i].push((cpuMicros(server.pid) - before) / (REQUESTS_PER_ENDPOINT / TURNS));
      }
    }
    used.forEach((turns, i) => {
      perRequest[i].push(median(turns));
      meanPerRequest[i].push(turns.reduce((sum, micros) => sum + micros, 0) / turns.length);
    });
    times.forEach((list, i) =>
      p99[i].push(
        percentile(
          list.sort((a, b) => a - b),
          99,
        ),
      ),
    );
  }
  return { perRequest, meanPerRequest, p99 };
}

/** The p99 wall time (ms) of each endpoint on `server` with P99_CONNECTIONS requests in flight. */
async function loadedP99(server, cookie) {
  const p99 = [];
  // BENCH_P99_REQUESTS=0 leaves the loaded run out (it takes longer than the CPU figures themselves).
  if (P99_REQUESTS === 0) return ENDPOINTS.map(() => Number.NaN);
  for (const [, path] of ENDPOINTS) {
    await drive(server, path, cookie, WARM_UP, undefined, P99_CONNECTIONS);
    const times = [];
    await drive(server, path, cookie, P99_REQUESTS, times, P99_CONNECTIONS);
    p99.push(
      percentile(
        times.sort((a, b) => a - b),
        99,
      ),
    );
  }
  return p99;
}

/** Bytes on the wire of each endpoint's answer from `server`: uncompressed, and as a browser asks (br, gzip). */
async function wireSizes(server, cookie) {
  const sizes = [];
  for (const [, path] of ENDPOINTS) {
    const identity = await wireBytes(`${server.base}${path}`, cookie, 'identity');
    const compressed = await wireBytes(`${server.base}${path}`, cookie, 'gzip, deflate, br');
    sizes.push({ identity: identity.bytes, compressed: compressed.bytes, encoding: compressed.encoding });
  }
  return sizes;
}

/**
 * Runs each endpoint with the capture preloaded; answers { path: statements } and the session used. The
 * statements are those of a steady request: a fresh session (so no once-a-minute `last seen` write is due),
 * and each endpoint asked once unrecorded first (what a process does once, on its first such request).
 */
async function capture(entry, env, dir) {
  const file = join(dir, `${entry.label}.capture`);
  const child = await start(
    ['--import', join(root, 'scripts/bench-cpu-capture.mjs'), entry.path],
    { ...env, BENCH_CAPTURE_FILE: file },
    firstPort,
  );
  try {
    const session = await signIn(child.base, adminEmail, adminPassword);
    const replay = {};
    const ask = (path) =>
      fetch(`${child.base}${path}`, { headers: { cookie: session } }).then((res) => res.arrayBuffer());
    for (const [, path] of ENDPOINTS) {
      await ask(path);
      // The capture sees every statement of the process, the background jobs' too (a scheduler's poll that
      // falls within the request): of a few requests, the one with the fewest statements is the request's own.
      for (let attempt = 0; attempt < CAPTURE_ATTEMPTS; attempt++) {
        writeFileSync(file, '');
        await ask(path);
        const statements = readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        if (!replay[path] || statements.length < replay[path].length) replay[path] = statements;
      }
    }
    return { replay, cookie: session };
  } finally {
    await stop(child);
  }
}

const name = `rm_bench_cpu_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'rm-bench-cpu-'));
await admin(`create database ${name}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword };
  console.log('CPU benchmark on PostgreSQL: writing the large data set...');
  await run([join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'], env);
  // A freshly written data set keeps PostgreSQL busy for minutes: autovacuum visits every new table, and
  // the first read of each row writes its hint bits. Both ran during the first endpoints' turns, on the
  // same two cores, and moved their figures by more than the servers' own differences. Done here, first.
  await adminStatement(url.toString(), 'vacuum (analyze, freeze)');
  await adminStatement(url.toString(), 'checkpoint');
  let cookie;
  const captures = [];
  for (const entry of entries) {
    const captured = await capture(entry, env, dir);
    cookie = captured.cookie;
    const replayFile = join(dir, `${entry.label}.json`);
    writeFileSync(replayFile, JSON.stringify(captured.replay));
    captures.push({ entry, replay: captured.replay, replayFile });
  }
  const servers = [];
  let results;
  try {
    for (const { entry, replayFile } of captures) {
      servers.push(await start([entry.path], env, firstPort + servers.length));
      const bareEnv = { ...env, BENCH_REPLAY_FILE: replayFile };
      servers.push(
        await start([join(root, 'scripts/bench-cpu-bare.mjs')], bareEnv, firstPort + servers.length),
      );
    }
    const { perRequest, meanPerRequest, p99 } = await measure(servers, cookie);
    const wires = [];
    const loaded = [];
    for (let r = 0; r < captures.length; r++) {
      wires.push(await wireSizes(servers[2 * r], cookie));
      loaded.push(await loadedP99(servers[2 * r], cookie));
    }
    results = captures.map(({ entry, replay }, r) => ({
      entry,
      replay,
      appCpu: perRequest[2 * r],
      bareCpu: perRequest[2 * r + 1],
      meanRatio: meanPerRequest[2 * r].map((app, i) => app / meanPerRequest[2 * r + 1][i]),
      appP99: p99[2 * r],
      loadedP99: loaded[r],
      wire: wires[r],
    }));
  } finally {
    await Promise.all(servers.map(stop));
  }
  const head = `${'endpoint'.padEnd(28)} ${'build'.padEnd(8)} ${'stmts'.padStart(5)} ${'app µs'.padStart(8)} ${'bare µs'.padStart(8)} ${'ratio'.padStart(6)} ${'mean'.padStart(6)} ${'p99 ms'.padStart(7)} ${`p99@${P99_CONNECTIONS}`.padStart(8)} ${'bytes'.padStart(7)} ${'on wire'.padStart(12)}`;
  console.log(
    `\nCPU per request, ${REQUESTS_PER_ENDPOINT} requests per endpoint in ${TURNS} turns, ${IN_FLIGHT} in flight (app and bare µs: each one's median turn; ratio: of the medians; mean: the ratio of the means); the app's p99 wall time, and at ${P99_CONNECTIONS} in flight (${P99_REQUESTS} requests); bytes of one answer uncompressed and on the wire as a browser asks\n${head}`,
  );
  const totals = results.map(() => ({ app: 0, bare: 0 }));
  ENDPOINTS.forEach(([label, path], i) => {
    results.forEach(
      ({ entry, replay, appCpu, bareCpu, meanRatio, appP99, loadedP99: p99Loaded, wire }, r) => {
        totals[r].app += appCpu[i];
        totals[r].bare += bareCpu[i];
        const { identity, compressed, encoding } = wire[i];
        console.log(
          `${label.padEnd(28)} ${entry.label.padEnd(8)} ${String(replay[path].length).padStart(5)} ${appCpu[i].toFixed(0).padStart(8)} ${bareCpu[i].toFixed(0).padStart(8)} ${(appCpu[i] / bareCpu[i]).toFixed(2).padStart(6)} ${meanRatio[i].toFixed(2).padStart(6)} ${appP99[i].toFixed(1).padStart(7)} ${(Number.isNaN(p99Loaded[i]) ? '-' : p99Loaded[i].toFixed(1)).padStart(8)} ${String(identity).padStart(7)} ${`${compressed} ${encoding}`.padStart(12)}`,
        );
      },
    );
  });
  results.forEach(({ entry }, r) => {
    const { app, bare } = totals[r];
    const n = ENDPOINTS.length;
    console.log(
      `${'mean of the endpoints'.padEnd(28)} ${entry.label.padEnd(8)} ${''.padStart(5)} ${(app / n).toFixed(0).padStart(8)} ${(bare / n).toFixed(0).padStart(8)} ${(app / bare).toFixed(2).padStart(6)}`,
    );
  });
} finally {
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(dir, { recursive: true, force: true });
}
