// Outage benchmark (issue 27): the built server on PostgreSQL behind a proxy that drops every byte on demand (a
// network path failing without a reset). For each round: warm the pool, go silent, wait for the first request to
// find the database unreachable, then for BENCH_OUTAGE_SECONDS send list requests (8 in flight) and time their 503s
// (p50, p99, max); then heal the path and time until a list request answers 200 again. Prints figures only.
// Detection: from the silence to the first 503, with a request arriving every 20 ms (those are the pile-up:
// how many of them answered 503, and the longest any of them waited, are printed too).
// Usage: npm run build:server && node --import tsx scripts/bench-outage.ts
//   BENCH_DATABASE_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_ENTRIES        label=path,... of server builds to compare (default project=dist/server/main.js)
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { silenceableProxy } from '../src/server/test/silenceable-proxy';
import { adminStatement, signIn, startServer, stopServer } from './bench-server.mjs';

const root = join(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const entries = (process.env.BENCH_ENTRIES ?? 'project=dist/server/main.js').split(',').map((pair) => {
  const [label = '', path = ''] = pair.split('=');
  return { label, path: resolve(root, path) };
});
const ROUNDS = Number(process.env.BENCH_OUTAGE_ROUNDS ?? 3);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 10);
const IN_FLIGHT = 8;
const port = Number(process.env.BENCH_PORT ?? 5096);
const base = `http://127.0.0.1:${port}`;
const adminEmail = 'bench-admin@example.com';
const adminPassword = `Bench-${randomBytes(12).toString('base64url')}`;

const admin = (statement: string) => adminStatement(adminUrl, statement);

/** One list request: its status and how long it took (ms). */
async function list(cookie: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/tenants?limit=25`, { headers: { cookie } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Sends list requests, IN_FLIGHT at a time, until `seconds` have passed; answers every request's timing. */
async function load(cookie: string, seconds: number): Promise<{ status: number; ms: number }[]> {
  const until = performance.now() + seconds * 1000;
  const results: { status: number; ms: number }[] = [];
  const worker = async () => {
    while (performance.now() < until) results.push(await list(cookie));
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/**
 * One outage. Until the first 503 comes back, a request starts every 20 ms (as traffic would keep arriving):
 * the time to that first 503 is the detection, and the requests started before it are the pile-up.
 */
async function round(cookie: string, proxy: Awaited<ReturnType<typeof silenceableProxy>>) {
  await load(cookie, 1);
  proxy.state.silent = true;
  const silentAt = performance.now();
  let detectedAt: number | undefined;
  const early: Promise<{ status: number; ms: number }>[] = [];
  while (detectedAt === undefined) {
    early.push(
      list(cookie).then((r) => {
        if (r.status === 503) detectedAt ??= performance.now();
        return r;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const during = await load(cookie, OUTAGE_SECONDS);
  // The requests caught before the detection end by their own timeouts (or the liveness check); heal only
  // once they have.
  const waiting = await Promise.all(early);
  proxy.state.silent = false;
  const healedAt = performance.now();
  while ((await list(cookie)).status !== 200) {
    // Every attempt is a request: no pause, so the figure is when the server answers again.
  }
  const recoveryMs = performance.now() - healedAt;
  const times = during.filter((r) => r.status === 503).map((r) => r.ms);
  times.sort((a, b) => a - b);
  const detectionMs = detectedAt - silentAt;
  const waitedMs = Math.max(...waiting.map((r) => r.ms));
  const waiting503 = waiting.filter((r) => r.status === 503).length;
  return {
    detectionMs,
    piledUp: early.length,
    waitedMs,
    waiting503,
    times,
    others: during.length - times.length,
    recoveryMs,
  };
}

const name = `rm_bench_outage_${process.pid}`;
await admin(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const proxy = await silenceableProxy(Number(url.port || 5432), url.hostname);
const viaProxy = new URL(url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
console.info(
  `Outage benchmark: ${ROUNDS} rounds, ${OUTAGE_SECONDS} s of list requests (${IN_FLIGHT} in flight) per outage\n` +
    `${'build'.padEnd(8)} ${'round'.padStart(5)} ${'detected'.padStart(10)} ${'piled'.padStart(6)} ${'piled 503'.padStart(9)} ${'piled max ms'.padStart(12)} ${'503s'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'other'.padStart(6)} ${'recovery ms'.padStart(12)}`,
);
try {
  for (const entry of entries) {
    if (!existsSync(entry.path))
      throw new Error(`No build at ${entry.path}: run \`npm run build:server\` first.`);
    const server = await startServer([entry.path], {
      port,
      cwd: root,
      logLevel: 'error',
      env: { DATABASE_URL: viaProxy.toString(), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword },
    });
    try {
      const cookie = await signIn(base, adminEmail, adminPassword);
      for (let r = 1; r <= ROUNDS; r++) {
        const { detectionMs, piledUp, waitedMs, waiting503, times, others, recoveryMs } = await round(
          cookie,
          proxy,
        );
        console.info(
          `${entry.label.padEnd(8)} ${String(r).padStart(5)} ${`${(detectionMs / 1000).toFixed(2)} s`.padStart(10)} ${String(piledUp).padStart(6)} ${String(waiting503).padStart(9)} ${waitedMs.toFixed(0).padStart(12)} ${String(times.length).padStart(6)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)} ${(times.at(-1) ?? NaN).toFixed(1).padStart(8)} ${String(others).padStart(6)} ${recoveryMs.toFixed(0).padStart(12)}`,
        );
      }
    } finally {
      await stopServer(server);
    }
  }
} finally {
  await proxy.close();
  await admin(`drop database if exists ${name} with (force)`);
}
