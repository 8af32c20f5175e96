import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ALLOWANCE, parseAllowance } from '../delivery/probes/address-policy';
import { startGitServer, type GitServer } from '../test/git-server';
import { gitFailureOf, pushFileToNewBranch, readRemoteFile, type GitSettings } from './git-client';

const allowLoopback = (): GitSettings => {
  const parsed = parseAllowance('127.0.0.1');
  if (!('allowance' in parsed)) throw new Error('allowance');
  return { allowance: parsed.allowance, timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };
};

describe('Git client (isomorphic-git over the address guard) against a real git http-backend', () => {
  let server: GitServer;
  const settings = allowLoopback();

  beforeAll(async () => {
    server = await startGitServer();
    await server.createRepo('config');
    await server.commitFile('config', 'main', 'tenants/acme.yaml', 'first\n');
  });
  afterAll(() => server.close());

  const remote = (token: string | null, branch = 'main') => ({ url: server.url('config'), branch, token });

  it('reads the file at the branch head and its commit', async () => {
    const second = await server.commitFile('config', 'main', 'tenants/acme.yaml', 'second\n');
    const read = await readRemoteFile(remote(server.readToken), 'tenants/acme.yaml', settings);
    expect(read).toEqual({ commit: second, text: 'second\n', contributors: [] });
    const missing = await readRemoteFile(remote(server.readToken), 'tenants/other.yaml', settings);
    expect(missing).toEqual({ commit: second, text: null, contributors: [] });
  });

  it('with history, names who wrote the commits since a given one, lower-cased', async () => {
    await server.createRepo('history');
    const history = { url: server.url('history'), branch: 'main', token: server.readToken };
    await server.commitFile('history', 'main', 'tenants/acme.yaml', 'first\n');
    const since = await server.commitFile('history', 'main', 'tenants/acme.yaml', 'third\n');
    const ada = { name: 'Ada', email: 'Ada@Example.com' };
    await server.commitFile('history', 'main', 'tenants/acme.yaml', 'fourth\n', ada);
    await server.commitFile('history', 'main', 'tenants/acme.yaml', 'fifth\n', {
      name: 'Bo',
      email: 'bo@example.com',
    });
    const file = 'tenants/acme.yaml';
    const read = await readRemoteFile(history, file, settings, { since });
    // Each commit's author and committer (the test server commits as whoever it is told to).
    expect(read.contributors.sort()).toEqual(['ada@example.com', 'bo@example.com']);
    // From the start of history: every commit's people, the test server's default author included.
    const all = await readRemoteFile(history, file, settings, { since: null });
    expect(all.contributors).toContain('git-test@example.com');
    expect(all.contributors).toContain('ada@example.com');
  });

  it('with history, names the authors of commits a merge brings in, however old they are', async () => {
    await server.createRepo('merged');
    const merged = { url: server.url('merged'), branch: 'main', token: server.readToken };
    const file = 'tenants/acme.yaml';
    await server.commitFile('merged', 'main', file, 'first\n');
    await server.createBranch('merged', 'feature', 'main');
    // Written on a branch before the commit sync last matched, and merged after it.
    const early = Math.floor(Date.now() / 1000) - 3600;
    await server.commitFile('merged', 'feature', 'other.yaml', 'x\n', {
      name: 'Mallory',
      email: 'mallory@example.com',
      at: early,
    });
    const since = await server.commitFile('merged', 'main', file, 'second\n');
    await server.merge('merged', 'main', 'feature');
    const read = await readRemoteFile(merged, file, settings, { since });
    expect(read.contributors.sort()).toEqual(['git-test@example.com', 'mallory@example.com']);
    // What `since` already had is not named again: only the merge commit after the last one.
    const after = await server.commitFile('merged', 'main', file, 'third\n', {
      name: 'Bo',
      email: 'bo@example.com',
    });
    const later = await readRemoteFile(merged, file, settings, { since: read.commit });
    expect(later.commit).toBe(after);
    expect(later.contributors).toEqual(['bo@example.com']);
  });

  it('names a wrong token, a missing branch and a refused loopback address', async () => {
    const failure = (error: unknown, branch = 'main') =>
      gitFailureOf(error, remote(null, branch), settings.timeoutMs);
    const wrong = await readRemoteFile(remote('nope'), 'x', settings).catch((e: unknown) => e);
    expect(failure(wrong)).toBe('The repository refused the access token (HTTP 401)');
    const branch = await readRemoteFile(remote(server.readToken, 'gone'), 'x', settings).catch(
      (e: unknown) => e,
    );
    expect(failure(branch, 'gone')).toBe('No branch gone in the repository');
    const guarded = { ...settings, allowance: NO_ALLOWANCE };
    const refused = await readRemoteFile(remote(server.readToken), 'x', guarded).catch((e: unknown) => e);
    expect(failure(refused)).toMatch(/loopback/);
    expect(server.requests().filter((r) => r.status === 200).length).toBeGreaterThan(0);
  });

  it('pushes a commit on a new branch with the write token, and the read token cannot', async () => {
    const change = { branch: 'rm/adopt-1', path: 'tenants/acme.yaml', content: 'live\n', message: 'Adopt' };
    const commit = await pushFileToNewBranch(remote(server.writeToken), change, settings);
    expect(await server.head('config', 'rm/adopt-1')).toBe(commit);
    expect(await server.readFile('config', 'rm/adopt-1', 'tenants/acme.yaml')).toBe('live\n');
    expect(await server.readFile('config', 'main', 'tenants/acme.yaml')).toBe('second\n');
    const readOnly = { ...change, branch: 'rm/adopt-2' };
    const refused = await pushFileToNewBranch(remote(server.readToken), readOnly, settings).catch(
      (e: unknown) => e,
    );
    expect(gitFailureOf(refused, remote(null), 1000)).toBe(
      'The repository refused the access token (HTTP 403)',
    );
    expect(await server.branches('config')).not.toContain('rm/adopt-2');
  });

  it('builds the commit from objects: a new folder is made, the rest of the tree kept', async () => {
    const change = { branch: 'rm/adopt-3', path: 'new/deep/acme.json', content: '{}\n', message: 'Adopt' };
    await pushFileToNewBranch(remote(server.writeToken), change, settings);
    expect(await server.readFile('config', 'rm/adopt-3', 'new/deep/acme.json')).toBe('{}\n');
    expect(await server.readFile('config', 'rm/adopt-3', 'tenants/acme.yaml')).toBe('second\n');
  });

  it('never writes through a symbolic link in the repository, as the file or a folder on its path', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'rm-outside-'));
    try {
      const target = join(outside, 'target.txt');
      await writeFile(target, 'ORIGINAL');
      await server.createRepo('links');
      await server.commitFile('links', 'main', 'README', 'links\n');
      await server.commitSymlink('links', 'main', 'tenant.yaml', target);
      await server.commitSymlink('links', 'main', 'folder', outside);
      const links = { url: server.url('links'), branch: 'main', token: server.writeToken };
      const push = (branch: string, path: string) =>
        pushFileToNewBranch(links, { branch, path, content: 'LIVE', message: 'Adopt' }, settings).catch(
          (e: unknown) => e,
        );

      const file = await push('rm/file', 'tenant.yaml');
      expect(gitFailureOf(file, links, 1000)).toBe(
        'tenant.yaml is not a regular file in the repository (a folder, link or submodule)',
      );
      const folder = await push('rm/folder', 'folder/acme.yaml');
      expect(gitFailureOf(folder, links, 1000)).toBe(
        'folder is not a folder in the repository (a file, link or submodule)',
      );
      expect(await readFile(target, 'utf8')).toBe('ORIGINAL');
      expect(await readdir(outside)).toEqual(['target.txt']);
      expect(await server.branches('links')).toEqual(['main']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
