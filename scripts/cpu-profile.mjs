// Reading V8 .cpuprofile files (node --cpu-prof) for the benchmarks: who owns each sampled frame (an npm
// package, node itself, the app's bundle, PGlite's WebAssembly, V8), and time by owner, self and inclusive.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package of a path under node_modules (the innermost, for a nested copy). */
const packageOf = (path) => /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];

/**
 * Where each bundled module starts in a file of the server bundle: esbuild heads each one with a comment
 * naming its source (`// node_modules/fastify/fastify.js`, `// src/server/app.ts`). Read once per file.
 */
const moduleStarts = new Map();
function modulesOf(url) {
  let starts = moduleStarts.get(url);
  if (!starts) {
    starts = [];
    readFileSync(fileURLToPath(url), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const source = /^\/\/ ((?:node_modules|src)\/\S+)$/.exec(line)?.[1];
        if (source) starts.push({ line: index, source });
      });
    moduleStarts.set(url, starts);
  }
  return starts;
}

/** The package a frame of the server bundle comes from (undefined: the app's own code). */
function bundledPackage({ url, lineNumber }) {
  if (!url.startsWith('file:')) return undefined;
  const starts = modulesOf(url);
  let found;
  for (const start of starts) {
    if (start.line > lineNumber) break;
    found = start.source;
  }
  return found && packageOf(found);
}

/**
 * Where a frame's code lives: an npm package, node, the app's bundle, WebAssembly, V8's builtins (native),
 * or V8 itself ((garbage collector), (program)).
 */
export function ownerOf(frame) {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const pkg = packageOf(url);
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node';
  if (url.startsWith('wasm:')) return 'wasm';
  // The server bundle holds most npm packages too (scripts/build-server.mjs).
  return url.includes('/dist/server') ? (bundledPackage(frame) ?? 'app') : url;
}

/** The one .cpuprofile node wrote into `dir`, parsed. */
export function readProfile(dir) {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}

/**
 * Sampled time (µs) by owner: self (the frame on top of the stack) and inclusive (anywhere on the stack,
 * counted once per sample), for the samples taken up to `until` (the profile's clock: microseconds of the
 * monotonic clock, as process.hrtime). Idle samples are left out.
 */
export function timeByOwner(profile, until = Infinity) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  const add = (map, key, micros) => map.set(key, (map.get(key) ?? 0) + micros);
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    at += micros;
    const { callFrame } = nodes.get(id);
    if (at > until || callFrame.functionName === '(idle)') return;
    total += micros;
    const owners = new Set();
    let loading = false;
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frame = nodes.get(node).callFrame;
      owners.add(ownerOf(frame));
      loading ||= frame.url.startsWith('node:internal/modules/');
    }
    owners.delete('(root)');
    const owner = ownerOf(callFrame);
    // Reading, compiling and linking modules runs in node's loader, whoever asked for the module.
    add(self, loading && (owner === 'node' || owner === 'native') ? 'module loading' : owner, micros);
    for (const owner of owners) add(inclusive, owner, micros);
  });
  return { total, self, inclusive };
}

/** The `n` largest entries of a map of times, largest first. */
export const topOf = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
