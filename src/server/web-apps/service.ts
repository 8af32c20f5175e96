import { and, eq, getTableColumns } from 'drizzle-orm';
import type { WebAppListQuery } from '../../contract/lists';
import {
  WEB_APP_DEFAULT_ENVIRONMENT,
  WEB_APP_DEFAULT_REGION,
  type WebApp,
  type WebAppInput,
  type WebAppPatch,
} from '../../contract/web-apps';
import { changedFieldsOf } from '../audit/changes';
import { recordCreated } from '../audit/service';
import type { Database, Executor } from '../db/client';
import { containsAny, listOf } from '../db/list';
import { tablePageQueries } from '../table-pages';
import { webApps } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { lockTenant } from '../locks';
import {
  tenantOwnedDelete,
  inTenantOwnedTransaction,
  readRevisioned,
  revisionedRows,
  updateRevisioned,
} from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';

const webAppSortColumns = {
  name: webApps.name,
  status: webApps.status,
  environment: webApps.environment,
  technology: webApps.technology,
  createdAt: webApps.createdAt,
};

/** The statements of one web apps page (exported so the EXPLAIN test checks the SQL the list runs). */
export function webAppListQueries(db: Executor, scope: TenantScope, query: WebAppListQuery) {
  const where = and(
    inTenantScope(webApps.tenantId, scope),
    containsAny(query.q, [webApps.name, webApps.description, webApps.technology]),
    query.status ? eq(webApps.status, query.status) : undefined,
    query.tenantId ? eq(webApps.tenantId, query.tenantId) : undefined,
    query.environment ? eq(webApps.environment, query.environment) : undefined,
    query.technology ? eq(webApps.technology, query.technology) : undefined,
  );
  return tablePageQueries(db, webApps, where, query, {
    fallback: '-createdAt',
    columns: webAppSortColumns,
    id: webApps.id,
  });
}

/** Web apps, newest first unless sorted, searched by name, description or technology. */
export const listWebApps = listOf(webAppListQueries);

/** Web apps as revisioned writes see them. */
const webAppRows = revisionedRows(webApps, getTableColumns(webApps), {
  label: 'Web app',
  resourceType: 'web_app',
  tenantOf: (row) => row.tenantId,
});

export async function getWebApp(db: Executor, id: string): Promise<WebApp> {
  return readRevisioned(db, webAppRows, id);
}

/** '' from an empty form input means "no URL". */
const urlOrNull = (url: string | null | undefined) => (url === undefined ? undefined : url || null);

/** Registers a web app under a tenant; it starts as provisioning. */
export async function createWebApp(db: Database, input: WebAppInput, actor: Actor): Promise<WebApp> {
  return db.transaction(async (tx) => {
    // Key-share lock: the tenant cannot be deleted under us, other tenant changes are not blocked.
    if (!(await lockTenant(tx, input.tenantId, 'key share'))) throw notFound('Tenant');
    const values = {
      ...input,
      url: urlOrNull(input.url),
      environment: input.environment ?? WEB_APP_DEFAULT_ENVIRONMENT,
      region: input.region ?? WEB_APP_DEFAULT_REGION,
      useStandardHeader: input.useStandardHeader ?? false,
      useStandardFooter: input.useStandardFooter ?? false,
      status: 'provisioning' as const,
    };
    const inserted = await tx.insert(webApps).values(values).returning();
    return recordCreated(tx, actor, inserted, {
      action: 'web_app.create',
      resourceType: 'web_app',
      tenantId: input.tenantId,
    });
  });
}

/** Edits a web app; it stays in its tenant (another tenantId is a 400 naming body.tenantId). */
export async function updateWebApp(
  db: Database,
  id: string,
  patch: WebAppPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
  /** Runs on the locked row before anything is written; may refuse (the direct write's policy check). */
  beforeWrite?: (before: WebApp) => void,
): Promise<WebApp> {
  return inTenantOwnedTransaction(db, webAppRows, id, (tx) =>
    updateRevisioned(tx, webAppRows, id, expectedRevision, actor, (before) => {
      const { tenantId, ...changes } = patch;
      if (tenantId !== undefined && tenantId !== before.tenantId) {
        throw badRequest('Invalid body.tenantId: a web app cannot move to another tenant', [
          { path: 'body.tenantId', message: 'A web app cannot move to another tenant' },
        ]);
      }
      beforeWrite?.(before);
      const values = { ...changes, ...(changes.url !== undefined ? { url: urlOrNull(changes.url) } : {}) };
      return { set: values, changes: (after) => changedFieldsOf(before, after, values) };
    }),
  );
}

export const deleteWebApp = tenantOwnedDelete(webAppRows);
