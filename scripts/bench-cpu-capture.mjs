// Preloaded into the server by scripts/bench-cpu.mjs (node --import): appends every statement a pg client sends
// (text, parameters, row mode) to BENCH_CAPTURE_FILE, one JSON line each, so the bare server can replay the same
// SQL. Only the capture run loads it; the measured runs do not.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_CAPTURE_FILE;
if (!file) throw new Error('BENCH_CAPTURE_FILE is not set');
const query = pg.Client.prototype.query;

pg.Client.prototype.query = function capture(config, values, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const params = Array.isArray(values) ? values : Array.isArray(config?.values) ? config.values : [];
    appendFileSync(file, `${JSON.stringify({ text, values: params, rowMode: config?.rowMode })}\n`);
  }
  return query.call(this, config, values, ...rest);
};
