// What the benchmarks that run the built server share: starting it on a port and waiting for readiness, signing
// in the administrator the server created from ADMIN_EMAIL/ADMIN_PASSWORD, and one statement on an admin
// connection (to create and drop a throwaway database).
import { spawn } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';

/** Runs one statement on its own connection to `url`. */
export async function adminStatement(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts `node ...args` with PORT (and HOST, LOG_LEVEL, SEED_DEMO) set, and waits until it answers /api/ready;
 * answers the child process, with `base` (its URL) attached.
 */
export async function startServer(args, { port, env = {}, cwd, logLevel = 'warn' }) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return Object.assign(child, { base });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `node ...args` with `env` added, output shown; resolves when it exits 0. */
export function runNode(args, env, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Stops a server started by startServer and waits for it to exit. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}

/** Signs in with a password; answers the Cookie header value of the session. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Bytes on the wire of one answer (body as sent, before any decoding) for an Accept-Encoding. */
export function wireBytes(url, cookie, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { cookie, 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    });
    request.on('error', reject);
  });
}
