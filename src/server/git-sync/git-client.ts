import fs from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
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
  checkout: boolean,
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
    noCheckout: !checkout,
    headers: headersOf(remote),
  });
  return git.resolveRef({ fs, dir, ref: 'HEAD' });
}

/** How far back sync mode reads who wrote the commits since the last one it filed. */
export const HISTORY_DEPTH = 50;

/**
 * The lower-cased author and committer e-mails of the head and its ancestors up to `since` (not
 * included); all of the fetched history when `since` is not in it (the first sync, or more than
 * HISTORY_DEPTH commits since).
 */
async function contributorsSince(dir: string, head: string, since: string | null): Promise<string[]> {
  const emails = new Set<string>();
  for (const entry of await git.log({ fs, dir, ref: head, depth: HISTORY_DEPTH })) {
    if (entry.oid === since) break;
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
    const commit = await cloneBranch(dir, remote, settings, false, history ? HISTORY_DEPTH : 1);
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

/**
 * Commits `content` at `path` on a new branch made from the head of `remote.branch`, and pushes it
 * (never forcing: a branch of that name already there refuses the push). Answers the commit id.
 */
export async function pushFileToNewBranch(
  remote: GitRemote,
  change: { branch: string; path: string; content: string; message: string },
  settings: GitSettings,
): Promise<string> {
  return withWorkDir(async (dir) => {
    await cloneBranch(dir, remote, settings, true);
    await git.branch({ fs, dir, ref: change.branch, checkout: true });
    const file = join(dir, change.path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, change.content);
    await git.add({ fs, dir, filepath: change.path });
    const commit = await git.commit({ fs, dir, message: change.message, author: AUTHOR });
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
