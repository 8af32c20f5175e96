import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git, { type TreeEntry } from 'isomorphic-git';
import { outboundFailure } from '../outbound';
import { propertyOf } from '../unknown';
import { GitTransportRefused, guardedGitHttp, type GitHttpOptions } from './http-client';

/*
 * The product's Git client (docs/config-as-code-git.md): isomorphic-git, no git binary. Each operation
 * clones the one branch shallowly into a temporary directory of its own and removes it after, so
 * nothing is shared between passes or processes and a crash leaves nothing the next pass depends on.
 */

export interface GitRemote {
  url: string;
  branch: string;
  /** The HTTP Basic password (a personal access token); null for a public repository. */
  token: string | null;
}

export type GitSettings = GitHttpOptions;

/** A failure worth showing on the link: the operation did not happen, in words. */
export class GitFailure extends Error {}

const AUTHOR = { name: 'Resource Manager', email: 'resource-manager@localhost' };

/** Basic auth sent up front (not after a 401), as hosting services take a token: any user, the token as password. */
const headersOf = (remote: GitRemote): Record<string, string> =>
  remote.token === null
    ? {}
    : { authorization: `Basic ${Buffer.from(`x-access-token:${remote.token}`).toString('base64')}` };

/** What went wrong, as an administrator reads it on the link. */
export function gitFailureOf(error: unknown, remote: GitRemote, timeoutMs: number): string {
  if (error instanceof GitFailure || error instanceof GitTransportRefused) return error.message;
  const code = propertyOf(error, 'code');
  const status = propertyOf(propertyOf(error, 'data'), 'statusCode');
  if (code === 'HttpError' && (status === 401 || status === 403))
    return `The repository refused the access token (HTTP ${status})`;
  if (code === 'HttpError' && status === 404) return 'No repository at this URL (HTTP 404)';
  if (code === 'HttpError') return `The repository answered HTTP ${String(status)}`;
  if (code === 'NotFoundError') return `No branch ${remote.branch} in the repository`;
  if (code === 'PushRejectedError') return 'The repository refused the push (the branch moved)';
  if (code === 'GitPushError')
    return `The repository refused the push: ${String(propertyOf(error, 'message'))}`;
  const cause = propertyOf(error, 'cause');
  return outboundFailure(cause ?? error, timeoutMs);
}

async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-git-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function cloneBranch(
  dir: string,
  remote: GitRemote,
  settings: GitSettings,
  depth = 1,
): Promise<string> {
  await git.clone({
    fs,
    http: guardedGitHttp(settings),
    dir,
    url: remote.url,
    ref: remote.branch,
    singleBranch: true,
    depth,
    noTags: true,
    // Objects only: nothing of the repository is written as files (see treeWith).
    noCheckout: true,
    headers: headersOf(remote),
  });
  return git.resolveRef({ fs, dir, ref: 'HEAD' });
}

/** How far back sync mode reads who wrote the commits since the last one it filed. */
export const HISTORY_DEPTH = 50;

/**
 * The lower-cased author and committer e-mails of the commits the head has and `since` has not, as
 * `git rev-list since..head` lists them: a merge brings in a branch's commits however old they are, so
 * the walk cannot stop at `since` in time order. All of the fetched history when `since` is not in it
 * (the first sync, or more than HISTORY_DEPTH commits since).
 */
async function contributorsSince(dir: string, head: string, since: string | null): Promise<string[]> {
  const entries = await git.log({ fs, dir, ref: head, depth: HISTORY_DEPTH });
  const byOid = new Map(entries.map((entry) => [entry.oid, entry]));
  // What `since` already had: it and its ancestors, as far as the fetched history goes.
  const had = new Set<string>();
  const pending = since !== null && byOid.has(since) ? [since] : [];
  for (let oid = pending.pop(); oid !== undefined; oid = pending.pop()) {
    if (had.has(oid)) continue;
    had.add(oid);
    pending.push(...(byOid.get(oid)?.commit.parent ?? []));
  }
  const emails = new Set<string>();
  for (const entry of entries) {
    if (had.has(entry.oid)) continue;
    emails.add(entry.commit.author.email.toLowerCase());
    emails.add(entry.commit.committer.email.toLowerCase());
  }
  return [...emails];
}

/**
 * The branch's head commit and the file at `path` in it (null when the commit has no such file); with
 * `history`, also who authored or committed the commits since `history.since`.
 */
export async function readRemoteFile(
  remote: GitRemote,
  path: string,
  settings: GitSettings,
  history?: { since: string | null },
): Promise<{ commit: string; text: string | null; contributors: string[] }> {
  return withWorkDir(async (dir) => {
    const commit = await cloneBranch(dir, remote, settings, history ? HISTORY_DEPTH : 1);
    const contributors = history ? await contributorsSince(dir, commit, history.since) : [];
    try {
      const { blob } = await git.readBlob({ fs, dir, oid: commit, filepath: path });
      return { commit, text: Buffer.from(blob).toString('utf8'), contributors };
    } catch (error) {
      if (propertyOf(error, 'code') === 'NotFoundError') return { commit, text: null, contributors };
      throw error;
    }
  });
}

const FILE_MODES = new Set(['100644', '100755']);

/**
 * The tree `treeOid` (null: an empty one) with the file at `parts` set to `blob`, written into the clone's
 * object store; answers the new tree's id. Nothing is written to a working tree: the repository decides
 * what its paths are, and a symbolic link in one (the file, or a folder on the way) checked out and then
 * written through would write wherever it points on the server. So a path through anything but folders,
 * or to anything but a file, is refused.
 */
async function treeWith(dir: string, treeOid: string | null, parts: string[], blob: string): Promise<string> {
  const [name, ...rest] = parts;
  if (name === undefined) throw new GitFailure('The path names no file');
  const entries: TreeEntry[] = treeOid === null ? [] : (await git.readTree({ fs, dir, oid: treeOid })).tree;
  const existing = entries.find((entry) => entry.path === name);
  let entry: TreeEntry;
  if (rest.length === 0) {
    if (existing && !FILE_MODES.has(existing.mode))
      throw new GitFailure(`${name} is not a regular file in the repository (a folder, link or submodule)`);
    entry = { mode: existing?.mode ?? '100644', path: name, oid: blob, type: 'blob' };
  } else {
    if (existing && existing.type !== 'tree')
      throw new GitFailure(`${name} is not a folder in the repository (a file, link or submodule)`);
    entry = {
      mode: '040000',
      path: name,
      oid: await treeWith(dir, existing?.oid ?? null, rest, blob),
      type: 'tree',
    };
  }
  const tree = [...entries.filter((other) => other.path !== name), entry];
  return git.writeTree({ fs, dir, tree });
}

/**
 * Commits `content` at `path` on a new branch made from the head of `remote.branch`, and pushes it
 * (never forcing: a branch of that name already there refuses the push). Answers the commit id. The
 * commit is built from objects alone (`treeWith`): no file of the repository is checked out.
 */
export async function pushFileToNewBranch(
  remote: GitRemote,
  change: { branch: string; path: string; content: string; message: string },
  settings: GitSettings,
): Promise<string> {
  return withWorkDir(async (dir) => {
    const head = await cloneBranch(dir, remote, settings);
    const { commit: headCommit } = await git.readCommit({ fs, dir, oid: head });
    const blob = await git.writeBlob({ fs, dir, blob: Buffer.from(change.content, 'utf8') });
    const tree = await treeWith(dir, headCommit.tree, change.path.split('/'), blob);
    const commit = await git.commit({
      fs,
      dir,
      message: change.message,
      author: AUTHOR,
      tree,
      parent: [head],
      ref: `refs/heads/${change.branch}`,
    });
    const result = await git.push({
      fs,
      http: guardedGitHttp(settings),
      dir,
      url: remote.url,
      ref: change.branch,
      remoteRef: `refs/heads/${change.branch}`,
      headers: headersOf(remote),
    });
    if (!result.ok) throw new GitFailure(`The repository refused the push: ${result.error ?? 'unknown'}`);
    return commit;
  });
}
