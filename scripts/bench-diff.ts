// Diff benchmark: time and memory to diff two pretty-printed 10,000-line configurations that differ in 1% of
// their lines, as the control plane's version history does. Prints figures only.
// Usage: node --expose-gc --import tsx scripts/bench-diff.ts   (part of npm run bench)
import { diffLines } from '../src/web/lib/line-diff';

const LINES = 10_000;
const before: Record<string, number> = {};
for (let i = 0; i < LINES - 2; i++) before[`setting${String(i).padStart(5, '0')}`] = i;
const after = { ...before };
for (let i = 0; i < LINES - 2; i += 100) after[`setting${String(i).padStart(5, '0')}`] = -i;
const from = JSON.stringify(before, null, 2);
const to = JSON.stringify(after, null, 2);

const samples: number[] = [];
let peakHeapMb = 0;
let changed = 0;
for (let round = 0; round < 5; round++) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const lines = diffLines(from, to);
  samples.push(performance.now() - started);
  peakHeapMb = Math.max(peakHeapMb, (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);
  changed = lines.filter((line) => line.kind !== 'same').length;
}
samples.sort((a, b) => a - b);
process.stdout.write(
  `diff of two ${from.split('\n').length}-line configurations (${changed} changed lines): ` +
    `median ${samples[2]!.toFixed(1)} ms, heap growth up to ${peakHeapMb.toFixed(1)} MB\n`,
);
