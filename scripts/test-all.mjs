#!/usr/bin/env node
/**
 * `npm run test:lanes`: every check and test of `npm test`, in two lanes side by side (README, Development).
 *
 * - The browser lane builds the app and runs the end-to-end suite. It is the longer of the two, and its
 *   tests wait on a browser and a server that must answer within their timeouts, so it keeps the
 *   machine's normal priority.
 * - The checks lane runs typecheck, lint, format and cycle checks, then the unit and API tests, at the
 *   lowest CPU priority (`nice 19`, inherited by every worker and process it starts). It takes the CPU
 *   the browser lane leaves idle while it waits (page loads, polling, timers) and yields it back at once.
 *
 * Each line of output is prefixed with its lane. Both lanes always run to the end, so one run reports
 * every failure; the exit code is non-zero when either failed.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const canNice = process.platform !== 'win32';

/** Runs npm scripts one after another; stops at the first failure. */
function lane(name, scripts, { low = false } = {}) {
  const started = Date.now();
  return scripts
    .reduce(
      (previous, script) => previous.then((code) => (code === 0 ? run(name, script, low) : code)),
      Promise.resolve(0),
    )
    .then((code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${minutes} min`);
      return code;
    });
}

function run(name, script, low) {
  const [command, args] =
    low && canNice ? ['nice', ['-n', '19', npm, 'run', script]] : [npm, ['run', script]];
  console.log(`[${name}] > npm run ${script}`);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(`[${name}] ${script} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all([
  lane('e2e', ['test:e2e']),
  lane('checks', ['typecheck', 'lint', 'format:check', 'check:cycles', 'test:unit'], { low: true }),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
