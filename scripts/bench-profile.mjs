// Where a list request's CPU goes (issue 27, item 5): runs the built server under V8's sampling profiler on the
// large data set (a throwaway PostgreSQL database), drives BENCH_PROFILE_REQUESTS requests to each list endpoint,
// and prints the top functions by self time and the share of each package (app code, fastify, zod, pg, drizzle...).
// Compare two builds in one run with BENCH_ENTRIES=before=path,after=path, like bench-cpu.mjs.
// Usage: npm run build:server && node scripts/bench-profile.mjs
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerOf, readProfile, topOf } from './cpu-profile.mjs';
import { adminStatement, runNode, signIn, startServer, stopServer } from './bench-server.mjs';

const root = join(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const entries = (process.env.BENCH_ENTRIES ?? 'project=dist/server/main.js').split(',').map((pair) => {
  const [label, path] = pair.split('=');
  return { label, path: join(root, path) };
});
const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 1500);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 10);
const port = Number(process.env.BENCH_PORT ?? 5197);
const adminEmail = 'bench-admin@example.com';
const adminPassword = `Bench-${randomBytes(12).toString('base64url')}`;
// BENCH_PROFILE_PATHS (comma-separated) profiles other endpoints, e.g. /api/auth/me for the fixed cost.
const PATHS = process.env.BENCH_PROFILE_PATHS?.split(',') ?? [
  '/api/tenants?limit=25',
  '/api/users?limit=25',
  '/api/capabilities?limit=25',
  '/api/web-apps?limit=25',
];

for (const entry of entries) {
  if (!existsSync(entry.path)) {
    console.error(`No build at ${entry.path}: run \`npm run build:server\` first.`);
    process.exit(1);
  }
}

const run = (args, env) => runNode(args, env, root);

async function drive(base, cookie) {
  for (const path of PATHS) {
    let next = 0;
    const worker = async () => {
      while (next++ < REQUESTS) {
        const res = await fetch(`${base}${path}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }
}

/** A frame's file, from its package (or dist/server) on. */
function shortPath(url) {
  const at = Math.max(
    url.lastIndexOf('node_modules/') + 'node_modules/'.length - 1,
    url.indexOf('/dist/server/'),
  );
  return at > 0 ? url.slice(at + 1) : url;
}

/** Self time by function and by owner, from a .cpuprofile (samples and time deltas). */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byFunction = new Map();
  const byOwner = new Map();
  let total = 0;
  for (const [id, micros] of self) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)' || callFrame.functionName === '(program)') continue;
    total += micros;
    const owner = ownerOf(callFrame);
    const where = callFrame.url ? `${shortPath(callFrame.url)}:${callFrame.lineNumber + 1}` : owner;
    const name = `${callFrame.functionName || '(anonymous)'} [${where}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
  }
  return { total, functions: topOf(byFunction, TOP), owners: topOf(byOwner, TOP) };
}

const name = `rm_bench_profile_${process.pid}`;
await adminStatement(adminUrl, `create database ${name}`);
const dirs = [];
try {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword };
  console.log('Profile on PostgreSQL: writing the large data set...');
  await run([join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed-large.ts'], env);
  for (const entry of entries) {
    const dir = mkdtempSync(join(tmpdir(), 'rm-bench-profile-'));
    dirs.push(dir);
    const server = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`, entry.path], {
      port,
      env,
      cwd: root,
    });
    try {
      const cookie = await signIn(server.base, adminEmail, adminPassword);
      await drive(server.base, cookie);
    } finally {
      await stopServer(server);
    }
    const { total, functions, owners } = summarise(readProfile(dir));
    const requests = REQUESTS * PATHS.length;
    const pct = (micros) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
    console.log(
      `\n${entry.label}: ${requests} list requests, ${(total / requests).toFixed(0)} µs sampled CPU each`,
    );
    console.log(`top ${TOP} functions by self time:`);
    for (const [fn, micros] of functions) console.log(`  ${pct(micros)}  ${fn}`);
    console.log('by package:');
    for (const [owner, micros] of owners) console.log(`  ${pct(micros)}  ${owner}`);
  }
} finally {
  await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
