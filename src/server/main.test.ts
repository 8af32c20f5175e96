import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

/** Runs the real server entry point (from source) as its own process. */
function startServer(env: Record<string, string>) {
  const root = projectRoot();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
  }) as ChildProcessWithoutNullStreams;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  // A server expected to refuse never listens: that rejection is read through `exited` instead.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => output };
}

const ADMIN = { email: 'ops@example.com', password: 'correct horse battery staple' };

/** Signs in through the API and returns the session cookie. */
async function signIn(url: string, credentials: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rm-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad configuration, naming the variable, with exit code 1', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'chatty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT="eighty": must be a number');
    expect(server.output()).toContain('LOG_LEVEL="chatty"');
  });

  it('seeds once, keeps every row across a restart, holds DATA_DIR, and drains on SIGTERM', async () => {
    const first = startServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const url = await first.listening;
    expect(first.output()).toContain(
      `First administrator created: ${ADMIN.email} (password from ADMIN_PASSWORD)`,
    );
    expect((await fetch(`${url}/api/tenants`)).status).toBe(401);
    const cookie = await signIn(url, ADMIN);
    const overview = await (await fetch(`${url}/api/overview`, { headers: { cookie } })).json();
    expect(overview.totalTenants).toBeGreaterThanOrEqual(6);

    // A second server on the same DATA_DIR would corrupt it: it must refuse and say who holds it.
    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid}`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer({ DATA_DIR: dataDir });
    const againUrl = await again.listening;
    // The administrator exists now: no new one, no password printed.
    expect(again.output()).not.toContain('First administrator');
    // Sessions live in the database: the cookie from before the restart still works.
    expect(await (await fetch(`${againUrl}/api/overview`, { headers: { cookie } })).json()).toEqual(overview);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('starts empty with SEED_DEMO=false, with a generated administrator password printed once', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'rm-main-empty-'));
    try {
      const server = startServer({ DATA_DIR: emptyDir, SEED_DEMO: 'false' });
      const url = await server.listening;
      const password = /Password \(shown only this once\): (\S+)/.exec(server.output())?.[1];
      expect(password).toBeDefined();
      const cookie = await signIn(url, { email: 'admin@example.com', password: password ?? '' });
      expect((await (await fetch(`${url}/api/overview`, { headers: { cookie } })).json()).totalTenants).toBe(
        0,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  }, 120_000);
  it('keeps DATA_DIR owner-only, and repairs looser modes at start with a warning', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'rm-main-modes-'));
    const modesDir = join(parent, 'data');
    /** Every entry whose mode lets group or others in. */
    const loose = () =>
      ['.', ...readdirSync(modesDir, { recursive: true, encoding: 'utf8' })].filter(
        (entry) => (statSync(join(modesDir, entry)).mode & 0o077) !== 0,
      );
    try {
      const fresh = startServer({ DATA_DIR: modesDir, SEED_DEMO: 'false' });
      await fresh.listening;
      fresh.child.kill('SIGTERM');
      expect(await fresh.exited).toBe(0);
      expect(statSync(modesDir).mode & 0o777).toBe(0o700);
      expect(loose()).toEqual([]);
      expect(fresh.output()).not.toContain('other users could read or write');

      chmodSync(modesDir, 0o755);
      chmodSync(join(modesDir, 'PG_VERSION'), 0o666);
      chmodSync(join(modesDir, 'base'), 0o755);
      const again = startServer({ DATA_DIR: modesDir, SEED_DEMO: 'false' });
      await again.listening;
      expect(again.output()).toMatch(
        /"level":40,"msg":"DATA_DIR \S+ had 3 file\(s\) or directories other users/,
      );
      expect(loose()).toEqual([]);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, 120_000);
});
