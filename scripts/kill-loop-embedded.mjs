// Torture test for the embedded database's data directory: start the built server, kill -9 it at a random
// moment (initdb, migrations, seeding, serving with writes), sometimes race several starts on the lock the
// killed process left; after every round one clean start must open the directory and serve. Prints what
// happened; exits 1 on the first directory that no longer opens. Not part of `npm test` (minutes long).
// Usage: npm run build && node scripts/kill-loop-embedded.mjs [rounds=200] [freshEvery=10]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const entry = join(root, 'dist/server/main.js');
if (!existsSync(entry)) {
  console.error('No build: run `npm run build` first.');
  process.exit(1);
}
const rounds = Number(process.argv[2] ?? 200);
const freshEvery = Number(process.argv[3] ?? 10);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a server on a port of its own choosing; `port` resolves once it logs that it listens. */
function startServer(dataDir) {
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'kill-loop-Password-9',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  // Its own log line, not a probe of a port: another program's server must never count as this one.
  const port = new Promise((resolve) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const found = /listening on http:\/\/localhost:(\d+)/.exec(stdout);
      if (found) resolve(Number(found[1]));
    });
    void exited.then(() => resolve(undefined));
  });
  return { child, exited, port, stderr: () => stderr };
}

/** The server's port once it listens and answers /api/ready; undefined if it exits or the time is up. */
async function ready(server, limitMs) {
  const port = await Promise.race([server.port, sleep(limitMs).then(() => undefined)]);
  if (port === undefined) return undefined;
  const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
  return res?.ok ? port : undefined;
}

/** Writes while the server runs, so a kill can land mid-transaction. */
async function writeLoad(port, stopAt) {
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ email: 'admin@example.com', password: 'kill-loop-Password-9' }),
  }).catch(() => undefined);
  const cookie = login?.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) return;
  for (let i = 0; Date.now() < stopAt; i++) {
    await fetch(`http://127.0.0.1:${port}/api/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ name: `Kill loop ${Date.now()}-${i}`, owner: 'o@example.com' }),
    }).catch(() => undefined);
  }
}

const counts = { rounds: 0, killedBeforeReady: 0, killedServing: 0, races: 0, raceWinners: 0, fresh: 0 };
let dataDir;
for (let round = 1; round <= rounds; round++) {
  if (!dataDir || round % freshEvery === 1) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = mkdtempSync(join(tmpdir(), 'rm-kill-loop-'));
    counts.fresh++;
  }
  // 1. Start and kill -9 at a random moment: before ready (init, migrations, seeding) or while writing.
  const victim = startServer(dataDir);
  const killAt = Date.now() + Math.random() * 8000;
  const port = await ready(victim, Math.max(0, killAt - Date.now()));
  if (port !== undefined) {
    counts.killedServing++;
    await writeLoad(port, killAt);
  } else counts.killedBeforeReady++;
  victim.child.kill('SIGKILL');
  await victim.exited;
  // 2. Every third round: several starts at once on the stale lock; at most one may open the directory.
  if (round % 3 === 0) {
    counts.races++;
    const racers = [1, 2, 3, 4].map(() => startServer(dataDir));
    const results = await Promise.all(racers.map((r) => ready(r, 60_000)));
    const winners = results.filter((port) => port !== undefined).length;
    counts.raceWinners += winners;
    if (winners > 1) {
      console.error(`round ${round}: ${winners} servers opened ${dataDir} at once`);
      process.exit(1);
    }
    // Kill the winner mid-start of its siblings' failure, as an operator's restart loop would.
    for (const r of racers) r.child.kill('SIGKILL');
    await Promise.all(racers.map((r) => r.exited));
  }
  // 3. A clean start must open what is left.
  const check = startServer(dataDir);
  const ok = (await ready(check, 120_000)) !== undefined;
  check.child.kill('SIGTERM');
  await check.exited;
  counts.rounds++;
  if (!ok) {
    console.error(`round ${round}: the directory no longer opens (${dataDir} kept)\n${check.stderr()}`);
    console.log(counts);
    process.exit(1);
  }
  if (round % 10 === 0) console.log(`round ${round}`, counts);
}
rmSync(dataDir, { recursive: true, force: true });
console.log('every round reopened cleanly', counts);
