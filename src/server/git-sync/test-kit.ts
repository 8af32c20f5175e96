import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { GitLink } from '../../contract/git-links';
import { exportTenant, serializeDocument } from '../config-as-code';
import type { Database } from '../db/client';
import { auditEvents, driftFindings, gitLinks } from '../db/schema';
import { parseAllowance } from '../delivery/probes/address-policy';
import type { ApiContext } from '../test/api-harness';
import { startGitServer, type GitServer } from '../test/git-server';
import type { GitSyncSettings } from './settings';

/* What the Git sync tests share: a real Git server, settings that may reach it, links and findings. */

export const TENANT = 'tenant-001';
export const FILE = 'tenants/acme.yaml';

/** Settings that may reach the test Git server on loopback (as HEALTH_CHECK_ALLOW=127.0.0.1 would). */
export function loopbackSettings(): GitSyncSettings {
  const parsed = parseAllowance('127.0.0.1');
  if (!('allowance' in parsed)) throw new Error('allowance');
  return { allowance: parsed.allowance, timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024 };
}

/** A Git server for the suite, started before the app is built and closed after it. */
export function gitServerForSuite(): () => GitServer {
  let server: GitServer | undefined;
  beforeAll(async () => {
    server = await startGitServer();
  });
  afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('the Git server has not started');
    return server;
  };
}

/** The tenant's live state as the file Git keeps. */
export const liveYaml = async (db: Database, tenantId = TENANT): Promise<string> =>
  serializeDocument(await db.transaction((tx) => exportTenant(tx, tenantId)), 'yaml');

/** Makes a repository holding the tenant's live state and links the tenant to it; answers the link. */
export async function linkTenant(
  ctx: ApiContext,
  git: GitServer,
  repo: string,
  extra: Record<string, unknown> = {},
): Promise<GitLink> {
  await git.createRepo(repo);
  await git.commitFile(repo, 'main', FILE, await liveYaml(ctx.db));
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/git-links',
    payload: { tenantId: TENANT, repoUrl: git.url(repo), path: FILE, accessToken: git.readToken, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GitLink>();
}

export const openFindings = (db: Database, linkId: string) =>
  db
    .select()
    .from(driftFindings)
    .where(and(eq(driftFindings.linkId, linkId), isNull(driftFindings.resolvedAt)));

export const driftEvents = (db: Database, linkId: string) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'git_link.drift_detected'), eq(auditEvents.resourceId, linkId)));

export async function linkRow(db: Database, id: string) {
  const [row] = await db.select().from(gitLinks).where(eq(gitLinks.id, id));
  if (!row) throw new Error(`no link ${id}`);
  return row;
}

/** Removes the links (and their findings) a test made, so the next starts from none. */
export async function removeLinks(db: Database): Promise<void> {
  await db.delete(gitLinks);
}
