import { and, asc, eq } from 'drizzle-orm';
import type { Change } from '../../../contract/changes';
import type { WebAppMesh } from '../../../contract/web-app-meshes';
import type { Transaction } from '../../db/client';
import { microfrontends, microfrontendVersions, tenants, webAppMeshes } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { createMesh, deleteMesh, updateMesh } from '../../microfrontends/mesh-service';
import { inverseChanges, undoBy } from './inverse';
import { foundRow, madeInThisTransaction, withFound } from './natural-keys';
import { UNPLACED_ENVIRONMENT } from './placement';
import { configurationValue, irreversible, type ChangeHandler, type ChangeTarget } from './types';

type CreateChange = Extract<Change, { kind: 'mesh.create' }>;
type UpdateChange = Extract<Change, { kind: 'mesh.update' }>;
type DeleteChange = Extract<Change, { kind: 'mesh.delete' }>;
type MeshRow = typeof webAppMeshes.$inferSelect;

/*
 * Web app meshes and their menus, as a plan files them. A mesh lives in no environment (its manifest is
 * read for any), so its changes are filed under UNPLACED_ENVIRONMENT, with the tenant action `meshes`.
 */

async function meshRow(tx: Transaction, id: string): Promise<MeshRow> {
  const [row] = await tx.select().from(webAppMeshes).where(eq(webAppMeshes.id, id));
  if (!row) throw notFound('Web app mesh');
  return row;
}

async function tenantName(tx: Transaction, tenantId: string): Promise<string> {
  const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound('Tenant');
  return row.name;
}

const meshTarget = (tenantId: string, title: string): ChangeTarget => ({
  scope: tenantId,
  environment: UNPLACED_ENVIRONMENT,
  action: 'meshes',
  title,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The version an item names by its microfrontend's slug and version string; a 400 naming it if none. */
async function versionOf(tx: Transaction, item: Record<string, unknown>, at: string) {
  const slug = String(item.microfrontend);
  const version = String(item.version);
  const [found] = await tx
    .select({
      id: microfrontendVersions.id,
      madeHere: madeInThisTransaction(microfrontendVersions.createdAt),
    })
    .from(microfrontendVersions)
    .innerJoin(microfrontends, eq(microfrontends.id, microfrontendVersions.microfrontendId))
    .where(and(eq(microfrontends.slug, slug), eq(microfrontendVersions.version, version)));
  if (!found) {
    const message = `No version ${version} of microfrontend ${slug}`;
    throw badRequest(message, [{ path: `${at}.microfrontend`, message }]);
  }
  return found;
}

/** A menu as it applies: its text, and the versions its natural keys found (foundRow each, in order). */
interface ResolvedMenu {
  text: string;
  found: string[];
}

/**
 * A menu whose items may name their version by natural key, `{ microfrontend: slug, version }`, instead
 * of `microfrontendVersionId` (a plan that makes the version in the same release knows no id), with each
 * such reference turned into the id. Text that is not a JSON list is left for the service to refuse.
 */
async function resolvedMenu(tx: Transaction, text: string): Promise<ResolvedMenu> {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return { text, found: [] };
  }
  if (!Array.isArray(items)) return { text, found: [] };
  const resolved: unknown[] = [];
  const found: string[] = [];
  for (const [i, item] of items.entries()) {
    if (!isRecord(item) || item.microfrontendVersionId || typeof item.microfrontend !== 'string') {
      resolved.push(item);
      continue;
    }
    const { microfrontend: _slug, version: _version, ...rest } = item;
    const version = await versionOf(tx, item, `body.menuItems.${i}`);
    resolved.push({ ...rest, microfrontendVersionId: version.id });
    found.push(foundRow(version));
  }
  return { text: JSON.stringify(resolved), found };
}

/** What reviewers see of a mesh: its name, description and menu (parsed). */
const shown = (mesh: { name?: string; description?: string | null; menuItems?: string }) => ({
  ...(mesh.name === undefined ? {} : { name: mesh.name }),
  ...(mesh.description === undefined ? {} : { description: mesh.description }),
  ...(mesh.menuItems === undefined ? {} : { menuItems: configurationValue(mesh.menuItems) }),
});

/** A new mesh; its key is its name in its tenant, so one of that name made meanwhile makes it stale. */
export const meshCreate: ChangeHandler<CreateChange, WebAppMesh> = {
  async target(tx, { body }) {
    const tenant = await tenantName(tx, body.tenantId);
    return meshTarget(body.tenantId, `Create web app mesh ${body.name} for ${tenant}`);
  },
  async snapshot(tx, { body }) {
    const named = await tx
      .select({ id: webAppMeshes.id })
      .from(webAppMeshes)
      .where(and(eq(webAppMeshes.tenantId, body.tenantId), eq(webAppMeshes.name, body.name)))
      .orderBy(asc(webAppMeshes.id));
    const menu = await resolvedMenu(tx, body.menuItems);
    return {
      fingerprint: withFound(JSON.stringify(named.map((row) => row.id)), menu.found),
      diff: [{ label: body.name, before: null, after: shown({ ...body, menuItems: menu.text }) }],
    };
  },
  apply: async (tx, { body }, actor) =>
    createMesh(tx, { ...body, menuItems: (await resolvedMenu(tx, body.menuItems)).text }, actor),
  undo: async () => ({
    inverse: (created) => inverseChanges([{ kind: 'mesh.delete', meshId: created.id }]),
  }),
};

/** The row's values of the fields a patch sends. */
const rowFieldsOf = (row: MeshRow, patch: UpdateChange['body']) => ({
  ...(patch.name === undefined ? {} : { name: row.name }),
  ...(patch.description === undefined ? {} : { description: row.description }),
  ...(patch.menuItems === undefined ? {} : { menuItems: row.menuItems }),
});

/**
 * A mesh's name, description or whole menu; the fingerprint is its revision, with the versions the menu
 * names by natural key.
 */
export const meshUpdate: ChangeHandler<UpdateChange, WebAppMesh> = {
  async target(tx, { meshId }) {
    const row = await meshRow(tx, meshId);
    return meshTarget(row.tenantId, `Edit web app mesh ${row.name}`);
  },
  async snapshot(tx, { meshId, body }) {
    const row = await meshRow(tx, meshId);
    const menu = body.menuItems === undefined ? undefined : await resolvedMenu(tx, body.menuItems);
    const sent = { ...body, ...(menu === undefined ? {} : { menuItems: menu.text }) };
    const before = shown(rowFieldsOf(row, body));
    return {
      fingerprint: withFound(String(row.revision), menu?.found ?? []),
      diff: [{ label: row.name, before, after: shown(sent) }],
    };
  },
  async undo(tx, { meshId, body }) {
    const row = await meshRow(tx, meshId);
    return undoBy([{ kind: 'mesh.update', meshId, body: rowFieldsOf(row, body) }]);
  },
  apply: async (tx, { meshId, body }, actor) => {
    const menu = body.menuItems === undefined ? undefined : await resolvedMenu(tx, body.menuItems);
    return updateMesh(
      tx,
      meshId,
      { ...body, ...(menu === undefined ? {} : { menuItems: menu.text }) },
      actor,
    );
  },
};

/** A mesh removed; the fingerprint is its revision. */
export const meshDelete: ChangeHandler<DeleteChange, void> = {
  async target(tx, { meshId }) {
    const row = await meshRow(tx, meshId);
    return meshTarget(row.tenantId, `Delete web app mesh ${row.name}`);
  },
  async snapshot(tx, { meshId }) {
    const row = await meshRow(tx, meshId);
    return {
      fingerprint: String(row.revision),
      diff: [{ label: row.name, before: shown(row), after: null }],
    };
  },
  apply: (tx, { meshId }, actor) => deleteMesh(tx, meshId, actor),
  undo: async () =>
    irreversible(
      'A mesh made again gets a new id: the host shells that load its manifest and the API tokens scoped to it name the old one',
    ),
};
