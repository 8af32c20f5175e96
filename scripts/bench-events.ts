// Live events benchmark (docs/live-updates.md, issue 24): two server processes on one PostgreSQL database,
// 500 open streams on the second. Prints: events per second fanned out to the 500 streams, memory per open
// stream (resident and heap growth of that process divided by the streams), end-to-end latency from a
// change sent to the first process to its receipt on a stream of the second (p50/p95; it includes the
// request, the commit, NOTIFY and the stream, so it bounds commit -> receipt from above), and what failed
// sign-ins cost the streams (issue 35): the `auth.login_failed` events a failed sign-in writes, committed in
// batches, timed until every stream holds them, with the viewer re-reads and the CPU time they took on
// that process. Figures only.
// Usage: node --import tsx scripts/bench-events.ts (BENCH_STREAMS, BENCH_EVENTS, BENCH_SAMPLES and
//   BENCH_FAILED_SIGN_INS set the counts: 500, 2,000, 200 and 200 by default)
//   DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a scratch
//   database is created there and dropped afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { LIVE_EVENTS_PATH } from '../src/contract/events';
import { openDatabase } from '../src/server/db/client';
import { auditEvents } from '../src/server/db/schema';
import { migrationsFolder, projectRoot } from '../src/server/paths';
import { insertFixtures } from '../src/server/test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../src/server/test/sessions';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const FANOUT_EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const FAILED_SIGN_INS = Number(process.env.BENCH_FAILED_SIGN_INS ?? 200);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Child {
  process: ChildProcess;
  port: number;
  metricsPort: number;
}

function startChild(databaseUrl: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/serve-app.ts'], {
    cwd: projectRoot(),
    env: { ...process.env, DATABASE_URL: databaseUrl, METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let metricsPort = 0;
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const metrics = /^metrics (\d+)$/.exec(line)?.[1];
      if (metrics) metricsPort = Number(metrics);
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (port) resolve({ process: child, port: Number(port), metricsPort });
    });
  });
}

/** A metric's value (`name` may carry labels); `absent` for a labelled counter not yet counted. */
async function metric(child: Child, name: string, absent = Number.NaN): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${child.metricsPort}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? absent : Number(line.split(' ')[1]);
}

/** A stream that counts the `change` frames it received whole (no parsing beyond that). */
class CountingStream {
  changes = 0;
  private tail = '';
  private request: http.ClientRequest;
  readonly ready: Promise<void>;

  constructor(url: string, cookie: string) {
    let onReady: () => void = () => undefined;
    let onFailure: (error: Error) => void = () => undefined;
    this.ready = new Promise((resolve, reject) => ([onReady, onFailure] = [resolve, reject]));
    this.request = http.get(url, { headers: { cookie }, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const text = this.tail + chunk;
        // A frame cut between two chunks is counted once whole, with the next chunk.
        const cut = text.lastIndexOf('\n\n') + 2;
        const whole = text.slice(0, cut);
        this.tail = text.slice(cut);
        if (whole.includes('event: ready')) onReady();
        this.changes += whole.split('event: change\n').length - 1;
      });
      // Ended before `ready` (refused, or failed to start on a busy machine): the opener tries again.
      res.on('end', () => onFailure(new Error(`stream ended (status ${res.statusCode})`)));
    });
    this.request.on('error', onFailure);
  }

  /** Opens a stream, trying again (up to three times) one that ends before it is ready. */
  static async open(url: string, cookie: string): Promise<CountingStream> {
    for (let attempt = 1; ; attempt++) {
      const stream = new CountingStream(url, cookie);
      try {
        await stream.ready;
        return stream;
      } catch (error) {
        stream.close();
        if (attempt === 3) throw error;
      }
    }
  }

  close(): void {
    this.request.destroy();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const until = async (condition: () => boolean, what: string, ms = 120_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const name = `rm_bench_events_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString() }, migrationsFolder());
const children: Child[] = [];
const streams: CountingStream[] = [];
try {
  await database.migrate();
  await insertFixtures(database.db);
  const cookie = await sessionCookieFor(database.db, TEST_ADMIN);
  children.push(await startChild(url.toString()), await startChild(url.toString()));
  const [one, two] = children as [Child, Child];

  // Memory: process two before and after opening the streams (after a settle, so timers and buffers exist).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));
  await settle();
  const rssBefore = await metric(two, 'process_resident_memory_bytes');
  const heapBefore = await metric(two, 'nodejs_heap_size_used_bytes');
  // In batches, so that opening them is not itself a burst the busy machine times out on.
  for (let opened = 0; opened < STREAMS; opened += 25) {
    const batch = Array.from({ length: Math.min(25, STREAMS - opened) }, () =>
      CountingStream.open(`http://127.0.0.1:${two.port}${LIVE_EVENTS_PATH}`, cookie),
    );
    streams.push(...(await Promise.all(batch)));
  }
  await settle();
  const open = await metric(two, 'live_event_streams_open');
  const rssPerStream = ((await metric(two, 'process_resident_memory_bytes')) - rssBefore) / STREAMS;
  const heapPerStream = ((await metric(two, 'nodejs_heap_size_used_bytes')) - heapBefore) / STREAMS;

  // Fan-out: events committed in batches of 100; timed until every stream holds every one.
  const batch = Array.from({ length: 100 }, () => ({ action: 'bench.event', resourceType: 'system' }));
  const started = performance.now();
  for (let sent = 0; sent < FANOUT_EVENTS; sent += batch.length)
    await database.db.insert(auditEvents).values(batch);
  await until(
    () => streams.every((s) => s.changes >= FANOUT_EVENTS),
    'every stream to receive every event',
  ).catch(async (error: unknown) => {
    const counts = streams.map((s) => s.changes).sort((a, b) => a - b);
    const left = await metric(two, 'live_event_streams_open');
    throw new Error(`${String(error)}: received ${counts[0]}..${counts.at(-1)}; ${left} streams still open`);
  });
  const fanoutSeconds = (performance.now() - started) / 1000;

  // Latency: a change sent to process one, received on a stream of process two (among the 500).
  const tracked = streams[0]!;
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const known = tracked.changes;
    const sent = performance.now();
    const res = await fetch(`http://127.0.0.1:${one.port}/api/tenants/tenant-001`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ description: `bench ${i}` }),
    });
    if (res.status !== 200) throw new Error(`PATCH answered ${res.status}`);
    await until(() => tracked.changes > known, 'the change on process two', 10_000);
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);

  // Failed sign-ins: the event each writes (no user, no tenant), in batches of 100, timed until every
  // stream holds them all; with the viewer re-reads and CPU time process two spent on them.
  const failedRow = { action: 'auth.login_failed', resourceType: 'session', actorEmail: 'nobody@bench.test' };
  const reads = () => metric(two, 'live_event_viewer_reads_total{reason="event"}', 0);
  const cpu = () => metric(two, 'process_cpu_seconds_total');
  const [readsBefore, cpuBefore] = [await reads(), await cpu()];
  const received = streams.map((s) => s.changes);
  const failedStarted = performance.now();
  for (let sent = 0; sent < FAILED_SIGN_INS; sent += 100) {
    const rows = Array.from({ length: Math.min(100, FAILED_SIGN_INS - sent) }, () => failedRow);
    await database.db.insert(auditEvents).values(rows);
  }
  await until(
    () => streams.every((s, i) => s.changes >= (received[i] ?? 0) + FAILED_SIGN_INS),
    'every stream to receive every failed sign-in',
    600_000,
  );
  const failedSeconds = (performance.now() - failedStarted) / 1000;
  const readsPerFailure = ((await reads()) - readsBefore) / FAILED_SIGN_INS;
  const cpuPerFailure = (((await cpu()) - cpuBefore) * 1000) / FAILED_SIGN_INS;

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    [
      `live events on PostgreSQL, ${STREAMS} streams on one process (${open} open by its gauge):`,
      `  fan-out: ${FANOUT_EVENTS} events to ${STREAMS} streams in ${fanoutSeconds.toFixed(2)} s = ` +
        `${Math.round(FANOUT_EVENTS / fanoutSeconds)} events/s (${Math.round((FANOUT_EVENTS * STREAMS) / fanoutSeconds)} deliveries/s)`,
      `  memory per open stream: ${kb(rssPerStream)} resident, ${kb(heapPerStream)} heap`,
      `  latency, change sent to process one -> received on process two (${LATENCY_SAMPLES} samples): ` +
        `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
      `  failed sign-ins: ${FAILED_SIGN_INS} to ${STREAMS} streams in ${failedSeconds.toFixed(2)} s = ` +
        `${Math.round(FAILED_SIGN_INS / failedSeconds)} failed sign-ins/s; per failed sign-in ` +
        `${readsPerFailure.toFixed(1)} viewer reads, ${cpuPerFailure.toFixed(1)} ms CPU of the streams' process`,
      '',
    ].join('\n'),
  );
} finally {
  for (const stream of streams) stream.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.process.once('exit', () => resolve());
          child.process.kill('SIGTERM');
        }),
    ),
  );
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
