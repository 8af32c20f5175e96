import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FieldIssue } from '../../contract/errors';
import type { Environment } from '../../contract/common';
import type { CreateMeshBody, MeshManifest, MeshMenuItem, WebAppMesh } from '../../contract/web-app-meshes';
import { recordAudit } from '../audit/service';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import type { WebAppMeshListQuery } from '../../contract/lists';
import { containsAny, pageQueries, listWindow, runList, type ListPage } from '../db/list';
import type { Database, Executor } from '../db/client';
import { lockTenant, lockTenantOf } from '../locks';
import { microfrontends, microfrontendVersions, webAppMeshes } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { deleteRevisioned, revisionedRows } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { activeSlotsOf } from './manifest-slots';

const meshSortColumns = { name: webAppMeshes.name, createdAt: webAppMeshes.createdAt };

/** The statements of one page of the web app meshes (exported for the EXPLAIN test). */
export function meshListQueries(db: Executor, scope: TenantScope, query: WebAppMeshListQuery) {
  const where = and(
    inTenantScope(webAppMeshes.tenantId, scope),
    query.tenantId ? eq(webAppMeshes.tenantId, query.tenantId) : undefined,
    containsAny(query.q, [webAppMeshes.name]),
  );
  const window = listWindow(query, { fallback: '-createdAt', columns: meshSortColumns, id: webAppMeshes.id });
  return pageQueries(db, db.select().from(webAppMeshes).$dynamic(), {
    table: webAppMeshes,
    where,
    window,
    exactTotal: query.exactTotal,
  });
}

/** Meshes in scope, newest first unless sorted, searched by name, filtered by tenant. */
export async function listMeshes(
  db: Executor,
  scope: TenantScope,
  query: WebAppMeshListQuery,
): Promise<ListPage<WebAppMesh>> {
  return runList(db, meshListQueries(db, scope, query));
}

export async function getMesh(db: Executor, id: string): Promise<WebAppMesh> {
  const [found] = await db.select().from(webAppMeshes).where(eq(webAppMeshes.id, id));
  if (!found) throw notFound('Web app mesh');
  return found;
}

/** A menu item as a client may send it: id optional (assigned here), config optional. */
const incomingItemSchema = z.object({
  id: z.string().max(200).optional(),
  label: z.string().max(200).optional().default(''),
  microfrontendVersionId: z.string().max(200).optional().default(''),
  config: z.record(z.string(), z.unknown()).optional().default({}),
  order: z.number().int(),
});

function parseMenuItems(text: string): z.infer<typeof incomingItemSchema>[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('menuItems must be valid JSON', [
      { path: 'body.menuItems', message: 'Must be valid JSON' },
    ]);
  }
  if (!Array.isArray(raw))
    throw badRequest('menuItems must be a JSON list', [
      { path: 'body.menuItems', message: 'Must be a JSON list' },
    ]);
  if (raw.length === 0)
    throw badRequest('Please add at least one menu item.', [
      { path: 'body.menuItems', message: 'No menu items' },
    ]);
  return raw.map((item, i) => {
    const parsed = incomingItemSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ['body', 'menuItems', i, ...(issue?.path ?? [])].join('.');
      throw badRequest(`Menu item ${i + 1}: ${issue?.message ?? 'invalid'}`, [
        { path, message: issue?.message ?? 'Invalid' },
      ]);
    }
    return parsed.data;
  });
}

/**
 * The server's mesh rules (the form's and more): the tenant exists; every item has a label and a
 * version that exists and is published; orders are exactly 0..n-1. Each refusal names the item.
 */
export async function createMesh(db: Database, body: CreateMeshBody, actor: Actor): Promise<WebAppMesh> {
  const items = parseMenuItems(body.menuItems);
  return db.transaction(async (tx) => {
    // Key share: the tenant cannot go while its mesh is written (locks.ts).
    if (!(await lockTenant(tx, body.tenantId, 'key share')))
      throw badRequest('Tenant not found', [{ path: 'body.tenantId', message: 'Tenant not found' }]);
    const versionIds = [...new Set(items.map((item) => item.microfrontendVersionId).filter(Boolean))];
    const found = versionIds.length
      ? await tx
          .select({ id: microfrontendVersions.id, status: microfrontendVersions.status })
          .from(microfrontendVersions)
          .where(inArray(microfrontendVersions.id, versionIds))
      : [];
    const statusOf = new Map(found.map((v) => [v.id, v.status]));
    const issues: FieldIssue[] = [];
    items.forEach((item, i) => {
      const at = `body.menuItems.${i}`;
      if (!item.label.trim()) issues.push({ path: `${at}.label`, message: 'Label is required' });
      if (!item.microfrontendVersionId)
        issues.push({ path: `${at}.microfrontendVersionId`, message: 'Version is required' });
      else if (!statusOf.has(item.microfrontendVersionId))
        issues.push({ path: `${at}.microfrontendVersionId`, message: 'Version not found' });
      else if (statusOf.get(item.microfrontendVersionId) !== 'published')
        issues.push({ path: `${at}.microfrontendVersionId`, message: 'Version is not published' });
    });
    const orders = items.map((item) => item.order).sort((a, b) => a - b);
    if (orders.some((order, i) => order !== i))
      issues.push({ path: 'body.menuItems', message: `Orders must be 0..${items.length - 1}, each once` });
    if (issues.length > 0) {
      throw badRequest(
        issues.map((issue) => `${issue.path.replace('body.', '')}: ${issue.message}`).join('; '),
        issues,
      );
    }
    const menu: MeshMenuItem[] = [...items]
      .sort((a, b) => a.order - b.order)
      .map((item) => ({
        id: item.id || randomUUID(),
        label: item.label.trim(),
        microfrontendVersionId: item.microfrontendVersionId,
        config: item.config,
        order: item.order,
      }));
    const [created] = await tx
      .insert(webAppMeshes)
      .values({
        tenantId: body.tenantId,
        name: body.name,
        description: body.description ?? null,
        menuItems: JSON.stringify(menu),
        createdBy: actor.email,
      })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    await recordAudit(tx, actor, {
      action: 'mesh.create',
      resourceType: 'mesh',
      resourceId: created.id,
      tenantId: body.tenantId,
      changes: { name: body.name, items: menu.length },
    });
    return created;
  });
}

/** Meshes as revisioned writes see them. */
const meshRows = revisionedRows(webAppMeshes, getTableColumns(webAppMeshes), {
  label: 'Web app mesh',
  resourceType: 'mesh',
  tenantOf: (row) => row.tenantId,
});

export async function deleteMesh(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The tenant row before the mesh's, the one lock order (locks.ts).
    await lockTenantOf(tx, webAppMeshes, id, 'Web app mesh');
    await deleteRevisioned(tx, meshRows, id, expectedRevision, actor, (before) => ({ before }));
  });
}

const parseJson = (text: string | null, fallback: unknown): unknown => {
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

/**
 * The mesh as a host shell loads it: items in order, versions resolved, configuration merged, and each
 * microfrontend's active slots in `environment` with their weights.
 */
export async function getMeshManifest(
  db: Executor,
  id: string,
  environment: Environment,
): Promise<MeshManifest> {
  const mesh = await getMesh(db, id);
  const items = z
    .array(
      z.object({
        id: z.string(),
        label: z.string(),
        microfrontendVersionId: z.string(),
        config: z.record(z.string(), z.unknown()).default({}),
        order: z.number(),
      }),
    )
    .parse(parseJson(mesh.menuItems, []));
  const ids = items.map((item) => item.microfrontendVersionId);
  const rows = ids.length
    ? await db
        .select({
          version: microfrontendVersions,
          microfrontend: { id: microfrontends.id, slug: microfrontends.slug, name: microfrontends.name },
        })
        .from(microfrontendVersions)
        .innerJoin(microfrontends, eq(microfrontends.id, microfrontendVersions.microfrontendId))
        .where(inArray(microfrontendVersions.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.version.id, row]));
  const slots = await activeSlotsOf(
    db,
    rows.map((row) => row.microfrontend.id),
    environment,
  );
  return {
    meshId: mesh.id,
    name: mesh.name,
    tenantId: mesh.tenantId,
    environment,
    items: [...items]
      .sort((a, b) => a.order - b.order)
      .flatMap((item) => {
        const row = byId.get(item.microfrontendVersionId);
        if (!row) return [];
        const defaults = parseJson(row.version.defaultConfig, {});
        const modules = parseJson(row.version.exposedModules, []);
        return [
          {
            id: item.id,
            label: item.label,
            order: item.order,
            microfrontend: row.microfrontend,
            versionId: row.version.id,
            version: row.version.version,
            status: row.version.status,
            entryUrl: row.version.entryUrl,
            moduleType: row.version.moduleType,
            exposedModules: Array.isArray(modules)
              ? modules.filter((m): m is string => typeof m === 'string')
              : [],
            integrityHash: row.version.integrityHash,
            config: {
              ...(typeof defaults === 'object' && defaults && !Array.isArray(defaults) ? defaults : {}),
              ...item.config,
            },
            slots: slots.get(row.microfrontend.id) ?? [],
          },
        ];
      }),
  };
}
