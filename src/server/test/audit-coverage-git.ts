import { and, eq, isNull } from 'drizzle-orm';
import type { TenantDocument } from '../../contract/config-doc';
import { exportTenant, serializeDocument } from '../config-as-code';
import type { Database } from '../db/client';
import { driftFindings } from '../db/schema';
import { gitServerForSuite } from '../git-sync/test-kit';
import type { ApiContext } from './api-harness';

/*
 * The audit coverage test's steps for Git links and their drift (docs/config-as-code-git.md), against a
 * real Git server: link a tenant to a file whose description differs from the live one, edit the link,
 * check it (one finding), adopt and revert that finding, unlink.
 */

type Saved = Record<string, { id: string; lineageId?: string }>;
interface GitStep {
  url: string | ((saved: Saved) => string);
  body?: object | ((ctx: ApiContext) => Promise<object>);
  before?: (ctx: ApiContext, saved: Saved) => Promise<void>;
  save?: string;
}

const TENANT = 'tenant-001';
const REPO = 'coverage';
const FILE = 'tenants/coverage.yaml';

/** A tenant's export with another description: applied, or kept in Git, it is one change. */
export async function editedExport(db: Database, tenantId: string): Promise<TenantDocument> {
  const doc = await db.transaction((tx) => exportTenant(tx, tenantId));
  return { ...doc, spec: { ...doc.spec, settings: { ...doc.spec.settings, description: 'Kept in Git' } } };
}

/** The Git server of the suite; call at the test file's top level. */
export function gitStepsForSuite(): Record<string, GitStep> {
  const git = gitServerForSuite();
  const link = (s: Saved) => `/api/git-links/${s.gitLink?.id}`;
  const finding = (s: Saved) => `/api/drift/${s.finding?.id}`;
  return {
    'POST /api/git-links': {
      url: '/api/git-links',
      body: async ({ db }) => {
        await git().createRepo(REPO);
        const text = serializeDocument(await editedExport(db, TENANT), 'yaml');
        await git().commitFile(REPO, 'main', FILE, text);
        return { tenantId: TENANT, repoUrl: git().url(REPO), path: FILE, accessToken: git().readToken };
      },
      save: 'gitLink',
    },
    'PATCH /api/git-links/:linkId': {
      url: link,
      body: async () => ({ writeAccess: true, accessToken: git().writeToken }),
    },
    'POST /api/git-links/:linkId/check': {
      url: (s) => `${link(s)}/check`,
    },
    'POST /api/drift/:findingId/adopt': {
      url: (s) => `${finding(s)}/adopt`,
      before: async ({ db }, saved) => {
        const [row] = await db
          .select({ id: driftFindings.id })
          .from(driftFindings)
          .where(and(eq(driftFindings.linkId, saved.gitLink?.id ?? ''), isNull(driftFindings.resolvedAt)));
        if (row) saved.finding = row;
      },
    },
    'POST /api/drift/:findingId/revert': { url: (s) => `${finding(s)}/revert`, body: {} },
    'DELETE /api/git-links/:linkId': { url: link },
  };
}
