// Start-up benchmark: time from launching the built server to the first served page, and resident memory
// at idle, for a fresh DATA_DIR (initdb + migrations + demo data) and for reopening it. Prints figures only.
// BENCH_ENTRIES=before=dist/server-before/main.js,after=dist/server/main.js compares builds in one run
// (reopens interleaved, BENCH_ROUNDS of them, default 3; the median is printed last). `--profile` also runs
// each reopen under V8's profiler and prints, up to the first page, the top 10 owners of CPU (npm package,
// module loading, PGlite's WebAssembly...) by self and by inclusive time.
// Usage: npm run build && node scripts/bench-startup.mjs [--profile]
// (DATABASE_URL set: measures against PostgreSQL instead; BENCH_FRESH=n: n first starts per build)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readProfile, timeByOwner, topOf } from './cpu-profile.mjs';

const root = join(import.meta.dirname, '..');
const entries = (process.env.BENCH_ENTRIES ?? 'project=dist/server/main.js').split(',').map((pair) => {
  const [label, path] = pair.split('=');
  return { label, path: resolve(root, path), reopens: [] };
});
for (const { path } of entries) {
  if (!existsSync(path)) {
    console.error(`No build at ${path}: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const profile = process.argv.includes('--profile');
const port = Number(process.env.BENCH_PORT ?? 5099);
const postgres = Boolean(process.env.DATABASE_URL);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time the process has used (user + system), from /proc: steadier than wall-clock on a busy machine. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms; [1] here is field 3.
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Starts the server on dataDir, waits for its first page, measures, stops it. */
async function run(entry, dataDir, { profileDir } = {}) {
  const started = performance.now();
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, entry.path] : [entry.path];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let firstPage;
  while (firstPage === undefined) {
    if (child.exitCode !== null) throw new Error(`${entry.label}: server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      // The profile's clock is the monotonic clock in microseconds, as hrtime here.
      if (res.ok)
        firstPage = { ms: performance.now() - started, cpuMs: cpuMs(child.pid), at: process.hrtime.bigint() };
    } catch {
      await sleep(20);
    }
  }
  const overviewStart = performance.now();
  await (await fetch(`http://127.0.0.1:${port}/api/overview`)).json();
  const overviewMs = performance.now() - overviewStart;
  await sleep(3000);
  const idleRss = rssMb(child.pid);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${entry.label}: server exited with ${code} on SIGTERM`);
  return {
    firstPageMs: firstPage.ms,
    cpuMs: firstPage.cpuMs,
    overviewMs,
    idleRss,
    until: firstPage.at / 1000n,
  };
}

function print(label, { firstPageMs, cpuMs, overviewMs, idleRss }) {
  console.log(
    `${label.padEnd(34)} first page ${firstPageMs.toFixed(0).padStart(6)} ms (CPU ${String(cpuMs).padStart(5)} ms)   ` +
      `first /api/overview ${overviewMs.toFixed(0).padStart(4)} ms   idle RSS ${idleRss.toFixed(0).padStart(4)} MB`,
  );
}

function printProfile(label, dir, until) {
  const { total, self, inclusive } = timeByOwner(readProfile(dir), Number(until));
  const pct = (micros) =>
    `${(micros / 1000).toFixed(0).padStart(5)} ms ${((100 * micros) / total).toFixed(0).padStart(3)}%`;
  console.log(`  ${label}: ${(total / 1000).toFixed(0)} ms sampled up to the first page`);
  const self10 = topOf(self, 10);
  const inclusive10 = topOf(inclusive, 10);
  for (let i = 0; i < 10; i++) {
    const [selfOwner = '', selfMicros = 0] = self10[i] ?? [];
    const [inOwner = '', inMicros = 0] = inclusive10[i] ?? [];
    console.log(`    self ${pct(selfMicros)} ${selfOwner.padEnd(24)}  inclusive ${pct(inMicros)} ${inOwner}`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dirs = [];
try {
  // BENCH_FRESH fresh directories per build (default 1): a fresh start's idle memory varies more than a
  // reopen's. The last one is the directory the reopens use.
  const FRESH = Number(process.env.BENCH_FRESH ?? 1);
  for (let fresh = 1; fresh <= FRESH; fresh++) {
    for (const entry of entries) {
      entry.dataDir = mkdtempSync(join(tmpdir(), 'rm-bench-'));
      dirs.push(entry.dataDir);
      print(
        `${entry.label}: ${postgres ? 'postgres, first start' : 'fresh DATA_DIR'} ${fresh}`,
        await run(entry, entry.dataDir),
      );
    }
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const entry of entries) {
      const profileDir = profile ? mkdtempSync(join(tmpdir(), 'rm-bench-prof-')) : undefined;
      if (profileDir) dirs.push(profileDir);
      const result = await run(entry, entry.dataDir, { profileDir });
      entry.reopens.push(result);
      print(`${entry.label}: ${postgres ? 'restart' : 'reopened'} ${round}`, result);
      if (profileDir) printProfile(entry.label, profileDir, result.until);
    }
  }
  for (const { label, reopens } of entries) {
    const of = (key) => median(reopens.map((result) => result[key]));
    const keys = ['firstPageMs', 'cpuMs', 'overviewMs', 'idleRss'];
    print(`${label}: median of ${reopens.length}`, Object.fromEntries(keys.map((key) => [key, of(key)])));
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
