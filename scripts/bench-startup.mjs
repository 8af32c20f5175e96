// Start-up benchmark: time from launching the built server to the first served page, and resident memory
// at idle, for a fresh DATA_DIR (initdb + migrations + demo data) and for reopening it. Prints figures only.
// Usage: npm run build && npm run bench   (DATABASE_URL set: measures against PostgreSQL instead)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist/server/main.js');
if (!existsSync(entry)) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 5099);
const dataDir = mkdtempSync(join(tmpdir(), 'rm-bench-'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time the process has used (user + system), from /proc: steadier than wall-clock on a busy machine. */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) in clock ticks of 10 ms; [1] here is field 3.
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function run(label) {
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let firstPageMs;
  let firstPageCpuMs;
  while (firstPageMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${label}: server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.ok) {
        firstPageMs = performance.now() - started;
        firstPageCpuMs = cpuMs(child.pid);
      }
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
  console.log(
    `${label.padEnd(24)} first page ${firstPageMs.toFixed(0).padStart(6)} ms (CPU ${String(firstPageCpuMs).padStart(5)} ms)   ` +
      `first /api/overview ${overviewMs.toFixed(0).padStart(4)} ms   idle RSS ${idleRss.toFixed(0).padStart(4)} MB   exit ${code}`,
  );
}

try {
  await run(process.env.DATABASE_URL ? 'postgres, first start' : 'fresh DATA_DIR');
  await run(process.env.DATABASE_URL ? 'postgres, restart' : 'reopened DATA_DIR');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
