import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { projectRoot } from '../paths';

/** Server processes of their own on one PostgreSQL database (serve-app.ts), for multi-process tests. */
export interface Server {
  child: ChildProcess;
  port: number;
}

/** Starts src/server/test/serve-app.ts in a process of its own; resolves once it listens. */
export function startServer(databaseUrl: string): Promise<Server> {
  return startProcess(
    'src/server/test/serve-app.ts',
    databaseUrl,
    (line) => /^listening (\d+)$/.exec(line)?.[1],
  );
}

/** Starts src/server/test/serve-webhooks.ts (a webhook delivery process); resolves once it runs. */
export function startWebhookProcess(databaseUrl: string): Promise<Server> {
  return startProcess('src/server/test/serve-webhooks.ts', databaseUrl, (line) =>
    line === 'delivering' ? '0' : undefined,
  );
}

/** Runs a script of its own on the database; resolves with the port `ready` reads off its output. */
function startProcess(
  script: string,
  databaseUrl: string,
  ready: (line: string) => string | undefined,
): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot(),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`test server exited with ${String(code)}`)));
    if (!child.stdout) return reject(new Error('no stdout'));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = ready(line);
      if (port) resolve({ child, port: Number(port) });
    });
  });
}

export function stopServer(server: Server | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
