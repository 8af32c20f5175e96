import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/*
 * A real Git server for the tests: smart HTTP served by the machine's `git http-backend` CGI over bare
 * repositories in a temporary directory, behind HTTP Basic auth with a read-only and a read-write token.
 * The tests may use the git binary (to make and read repositories); the product never does.
 */

const run = promisify(execFile);
const HTTP_BACKEND = process.env.GIT_HTTP_BACKEND ?? '/usr/lib/git-core/git-http-backend';
const AUTHOR = ['-c', 'user.name=Git Test', '-c', 'user.email=git-test@example.com'];

export interface GitServer {
  port: number;
  root: string;
  readToken: string;
  writeToken: string;
  /** The repository's URL as a client clones it. */
  url: (repo: string) => string;
  /** A new bare repository that accepts pushes. */
  createRepo: (repo: string) => Promise<void>;
  /**
   * Commits `content` at `path` on `branch` (made if missing), as `author` when given (and at its `at`,
   * seconds since 1970, when given); answers the commit id.
   */
  commitFile: (
    repo: string,
    branch: string,
    path: string,
    content: string,
    author?: { name: string; email: string; at?: number },
  ) => Promise<string>;
  /** A new branch `name` at the head of `from`. */
  createBranch: (repo: string, name: string, from: string) => Promise<void>;
  /** Merges `from` into `into` with a merge commit (no fast-forward), as the default author; answers it. */
  merge: (repo: string, into: string, from: string) => Promise<string>;
  /** Commits a symbolic link at `path` pointing at `target` on `branch` (which must exist). */
  commitSymlink: (repo: string, branch: string, path: string, target: string) => Promise<string>;
  /** The file at the branch's head, or null when the branch or the file is not there. */
  readFile: (repo: string, branch: string, path: string) => Promise<string | null>;
  /** The branch's head commit, or null. */
  head: (repo: string, branch: string) => Promise<string | null>;
  /** The branches of a repository. */
  branches: (repo: string) => Promise<string[]>;
  /** Requests answered so far, by status. */
  requests: () => { status: number; path: string }[];
  close: () => Promise<void>;
}

const git = async (args: string[], cwd?: string, env?: NodeJS.ProcessEnv): Promise<string> =>
  (await run('git', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 })).stdout;

/** Git's environment for a commit dated `at` (seconds since 1970); undefined: now. */
const datedAt = (at: number | undefined): NodeJS.ProcessEnv | undefined =>
  at === undefined
    ? undefined
    : { ...process.env, GIT_AUTHOR_DATE: `${at} +0000`, GIT_COMMITTER_DATE: `${at} +0000` };

/** Whether the request may run, as its Basic password says: 401 without a known token, 403 read-only pushing. */
function authorise(request: IncomingMessage, readToken: string, writeToken: string): 200 | 401 | 403 {
  const header = request.headers.authorization ?? '';
  const match = /^Basic (.+)$/i.exec(header);
  const password = match
    ? Buffer.from(match[1] ?? '', 'base64')
        .toString('utf8')
        .split(':')
        .slice(1)
        .join(':')
    : '';
  if (password !== readToken && password !== writeToken) return 401;
  const pushing = (request.url ?? '').includes('git-receive-pack');
  return pushing && password !== writeToken ? 403 : 200;
}

/** Runs the CGI for one request and relays its answer (a `Status:` header, or 200). */
function runBackend(root: string, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const child = spawn(HTTP_BACKEND, [], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REQUEST_METHOD: request.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(request.headers['git-protocol'] ?? ''),
      REMOTE_USER: 'git-test',
      REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
    },
  });
  request.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersSent) return void response.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else response.setHeader(name, value);
    }
    response.statusCode = status;
    headersSent = true;
    response.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!headersSent) response.statusCode = 500;
    response.end();
  });
  child.on('error', () => {
    response.statusCode = 500;
    response.end();
  });
}

export async function startGitServer(
  options: { readToken?: string; writeToken?: string; port?: number; host?: string } = {},
): Promise<GitServer> {
  const root = await mkdtemp(join(tmpdir(), 'git-server-'));
  const readToken = options.readToken ?? 'read-token';
  const writeToken = options.writeToken ?? 'write-token';
  const log: { status: number; path: string }[] = [];
  const server: Server = createServer((request, response) => {
    const verdict = authorise(request, readToken, writeToken);
    response.on('finish', () => log.push({ status: response.statusCode, path: request.url ?? '' }));
    if (verdict === 200) return runBackend(root, request, response);
    request.resume();
    if (verdict === 401) response.setHeader('www-authenticate', 'Basic realm="git"');
    response
      .writeHead(verdict, { 'content-type': 'text/plain' })
      .end(verdict === 401 ? 'Unauthorized' : 'Forbidden');
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const bare = (repo: string) => join(root, `${repo}.git`);

  const head = async (repo: string, branch: string) =>
    (
      await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], bare(repo)).catch(() => '')
    ).trim() || null;

  return {
    port,
    root,
    readToken,
    writeToken,
    url: (repo) => `http://${host}:${port}/${repo}.git`,
    createRepo: async (repo) => {
      await git(['init', '--quiet', '--bare', '--initial-branch=main', bare(repo)]);
      await git(['config', 'http.receivepack', 'true'], bare(repo));
    },
    commitFile: async (repo, branch, path, content, author) => {
      const work = await mkdtemp(join(tmpdir(), 'git-work-'));
      try {
        await git(['clone', '--quiet', bare(repo), work]);
        const exists = (await head(repo, branch)) !== null;
        await git(
          exists ? ['checkout', '--quiet', branch] : ['checkout', '--quiet', '--orphan', branch],
          work,
        );
        await mkdir(dirname(join(work, path)), { recursive: true });
        await writeFile(join(work, path), content);
        await git(['add', path], work);
        const as = author ? ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`] : AUTHOR;
        await git(
          [...as, 'commit', '--quiet', '--allow-empty', '-m', `Edit ${path}`],
          work,
          datedAt(author?.at),
        );
        await git(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], work);
        return (await git(['rev-parse', 'HEAD'], work)).trim();
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    createBranch: async (repo, name, from) => {
      await git(['branch', name, from], bare(repo));
    },
    merge: async (repo, into, from) => {
      const work = await mkdtemp(join(tmpdir(), 'git-work-'));
      try {
        await git(['clone', '--quiet', '--branch', into, bare(repo), work]);
        await git([...AUTHOR, 'merge', '--quiet', '--no-ff', '-m', `Merge ${from}`, `origin/${from}`], work);
        await git(['push', '--quiet', 'origin', `HEAD:refs/heads/${into}`], work);
        return (await git(['rev-parse', 'HEAD'], work)).trim();
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    commitSymlink: async (repo, branch, path, target) => {
      const work = await mkdtemp(join(tmpdir(), 'git-work-'));
      try {
        await git(['clone', '--quiet', '--branch', branch, bare(repo), work]);
        await mkdir(dirname(join(work, path)), { recursive: true });
        await symlink(target, join(work, path));
        await git(['add', path], work);
        await git([...AUTHOR, 'commit', '--quiet', '-m', `Link ${path}`], work);
        await git(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], work);
        return (await git(['rev-parse', 'HEAD'], work)).trim();
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    readFile: (repo, branch, path) =>
      git(['show', `refs/heads/${branch}:${path}`], bare(repo)).catch(() => null),
    head,
    branches: async (repo) =>
      (await git(['for-each-ref', '--format=%(refname:short)', 'refs/heads'], bare(repo)))
        .split('\n')
        .filter((name) => name !== ''),
    requests: () => [...log],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
