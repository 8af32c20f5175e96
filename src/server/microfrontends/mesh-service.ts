import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FieldIssue } from '../../contract/errors';
import type { CreateMeshBody, MeshMenuItem, MeshPatch, WebAppMesh } from '../../contract/web-app-meshes';
import { changedFieldsOf } from '../audit/changes';
import { recordCreated } from '../audit/service';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import type { WebAppMeshListQuery } from '../../contract/lists';
import { containsAny, listOf } from '../db/list';
import { tablePageQueries } from '../table-pages';
import type { Database, Executor } from '../db/client';
import { lockTenant } from '../locks';
import { microfrontendVersions, webAppMeshes } from '../db/schema';
import { badRequest } from '../errors';
import {
  inTenantOwnedTransaction,
  tenantOwnedDelete,
  readRevisioned,
  revisionedRows,
  updateRevisioned,
} from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';

const meshSortColumns = { name: webAppMeshes.name, createdAt: webAppMeshes.createdAt };

/** The statements of one page of the web app meshes (exported for the EXPLAIN test). */
export function meshListQueries(db: Executor, scope: TenantScope, query: WebAppMeshListQuery) {
  const where = and(
    inTenantScope(webAppMeshes.tenantId, scope),
    query.tenantId ? eq(webAppMeshes.tenantId, query.tenantId) : undefined,
    containsAny(query.q, [webAppMeshes.name]),
  );
  return tablePageQueries(db, webAppMeshes, where, query, {
    fallback: '-createdAt',
    columns: meshSortColumns,
    id: webAppMeshes.id,
  });
}

/** Meshes in scope, newest first unless sorted, searched by name, filtered by tenant. */
export const listMeshes = listOf(meshListQueries);

/** Meshes as revisioned writes see them. */
const meshRows = revisionedRows(webAppMeshes, getTableColumns(webAppMeshes), {
  label: 'Web app mesh',
  resourceType: 'mesh',
  tenantOf: (row) => row.tenantId,
});

export async function getMesh(db: Executor, id: string): Promise<WebAppMesh> {
  return readRevisioned(db, meshRows, id);
}

/** A menu item as a client may send it: id optional (assigned here), config optional. */
const incomingItemSchema = z.object({
  id: z.string().max(200).optional(),
  label: z.string().max(200).optional().default(''),
  microfrontendVersionId: z.string().max(200).optional().default(''),
  config: z.record(z.string(), z.unknown()).optional().default({}),
  order: z.number().int(),
});

function parseMenuItems(text: string): IncomingItem[] {
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

type IncomingItem = z.infer<typeof incomingItemSchema>;

/** The status of each version the items name, by id (those that exist). */
async function versionStatuses(tx: Executor, items: IncomingItem[]): Promise<Map<string, string>> {
  const versionIds = [...new Set(items.map((item) => item.microfrontendVersionId).filter(Boolean))];
  const found = versionIds.length
    ? await tx
        .select({ id: microfrontendVersions.id, status: microfrontendVersions.status })
        .from(microfrontendVersions)
        .where(inArray(microfrontendVersions.id, versionIds))
    : [];
  return new Map(found.map((v) => [v.id, v.status]));
}

/** Every item has a label and a published version that exists; orders are exactly 0..n-1. */
function menuIssues(items: IncomingItem[], statusOf: Map<string, string>): FieldIssue[] {
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
  return issues;
}

/** The menu as stored: in order, each item with an id and a trimmed label. */
function storedMenu(items: IncomingItem[]): MeshMenuItem[] {
  return [...items]
    .sort((a, b) => a.order - b.order)
    .map((item) => ({
      id: item.id || randomUUID(),
      label: item.label.trim(),
      microfrontendVersionId: item.microfrontendVersionId,
      config: item.config,
      order: item.order,
    }));
}

/** The menu as stored, once every item passes the rules (menuIssues); else a 400 naming each item. */
async function checkedMenu(tx: Executor, items: IncomingItem[]): Promise<MeshMenuItem[]> {
  const issues = menuIssues(items, await versionStatuses(tx, items));
  if (issues.length > 0) {
    throw badRequest(
      issues.map((issue) => `${issue.path.replace('body.', '')}: ${issue.message}`).join('; '),
      issues,
    );
  }
  return storedMenu(items);
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
    const menu = await checkedMenu(tx, items);
    const inserted = await tx
      .insert(webAppMeshes)
      .values({
        tenantId: body.tenantId,
        name: body.name,
        description: body.description ?? null,
        menuItems: JSON.stringify(menu),
        createdBy: actor.email,
      })
      .returning();
    return recordCreated(tx, actor, inserted, {
      action: 'mesh.create',
      resourceType: 'mesh',
      tenantId: body.tenantId,
      changes: () => ({ name: body.name, items: menu.length }),
    });
  });
}

/**
 * Edits a mesh's name, description or whole menu, by the rules of a new one (no direct endpoint: the
 * change kind mesh.update calls it). With an expected revision, a mesh changed meanwhile is a 412.
 */
export async function updateMesh(
  db: Database,
  id: string,
  patch: MeshPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<WebAppMesh> {
  const items = patch.menuItems === undefined ? undefined : parseMenuItems(patch.menuItems);
  return inTenantOwnedTransaction(db, meshRows, id, (tx) =>
    updateRevisioned(tx, meshRows, id, expectedRevision, actor, async (before) => {
      const set = {
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(items ? { menuItems: JSON.stringify(await checkedMenu(tx, items)) } : {}),
      };
      return { set, changes: (after) => changedFieldsOf(before, after, set) };
    }),
  );
}

export const deleteMesh = tenantOwnedDelete(meshRows);
