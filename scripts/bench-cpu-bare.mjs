// The baseline of scripts/bench-cpu.mjs: a bare node:http + pg server that answers each benchmarked path by
// running the statements the project's server ran for it (captured, same text and parameters, the auth read
// included) on a pool like the project's, and sending the rows as JSON. No framework, no validation, no auth
// logic: what is left is the floor any server pays for the same database work.
// Env: DATABASE_URL, PORT, BENCH_REPLAY_FILE (JSON: { "<path>": [{ text, values, rowMode }] }).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

const replay = JSON.parse(readFileSync(process.env.BENCH_REPLAY_FILE, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c TimeZone=UTC' });

const server = createServer(async (request, response) => {
  const statements = replay[request.url];
  if (!statements) {
    response.writeHead(request.url === '/api/ready' ? 200 : 404).end();
    return;
  }
  try {
    const results = [];
    for (const { text, values, rowMode } of statements) {
      results.push((await pool.query({ text, values, rowMode })).rows);
    }
    const body = JSON.stringify(results.length === 1 ? results[0] : results);
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
