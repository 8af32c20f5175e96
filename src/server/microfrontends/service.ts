import { and, eq } from 'drizzle-orm';
import type {
  Microfrontend,
  MicrofrontendInput,
  MicrofrontendVersion,
  MicrofrontendVersionInput,
  MicrofrontendVersionPatch,
} from '../../contract/microfrontends';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { WebAppMesh } from '../../contract/web-app-meshes';
import type { Database, Executor } from '../db/client';
import { microfrontendDeployments, microfrontends, microfrontendVersions, webAppMeshes } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';
import { inTenantScope, type TenantScope } from '../auth/viewer';
import type {
  MicrofrontendListQuery,
  MicrofrontendVersionListQuery,
  MicrofrontendVersionOptionsQuery,
  Option,
  OptionsQuery,
  WebAppMeshListQuery,
} from '../../contract/lists';
import { containsAny, countColumn, runOptions, orderByFor, pageOf, runList } from '../db/list';

const microfrontendSortColumns = {
  name: microfrontends.name,
  slug: microfrontends.slug,
  createdAt: microfrontends.createdAt,
};

/** The registry, by name unless sorted, searched by name, slug or description. */
export async function listMicrofrontends(
  db: Executor,
  query: MicrofrontendListQuery,
): Promise<{ items: Microfrontend[]; total: number }> {
  const where = containsAny(query.q, [microfrontends.name, microfrontends.slug, microfrontends.description]);
  const { limit, offset } = pageOf(query);
  return runList({
    page: db
      .select()
      .from(microfrontends)
      .where(where)
      .orderBy(...orderByFor(query.sort, 'name', microfrontendSortColumns, microfrontends.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(microfrontends).where(where),
    limit,
    offset,
  });
}

/** The microfrontend picker: the registry by name, detail = slug, searched by name or slug. */
export function microfrontendOptions(
  db: Executor,
  query: OptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  const { id, name: label, slug: detail } = microfrontends;
  return runOptions(db, { table: microfrontends, id, label, detail, searched: [label, detail] }, query);
}

export async function getMicrofrontend(db: Executor, id: string): Promise<Microfrontend> {
  const [found] = await db.select().from(microfrontends).where(eq(microfrontends.id, id));
  if (!found) throw notFound('Microfrontend');
  return found;
}

const versionSortColumns = {
  createdAt: microfrontendVersions.createdAt,
  version: microfrontendVersions.version,
  status: microfrontendVersions.status,
};

/**
 * Versions of one microfrontend, newest first unless sorted, searched by version or changelog;
 * `status` narrows them (the mesh form asks for published). 404 when the microfrontend is missing.
 */
export async function listMicrofrontendVersions(
  db: Executor,
  microfrontendId: string,
  query: MicrofrontendVersionListQuery,
): Promise<{ items: MicrofrontendVersion[]; total: number }> {
  await getMicrofrontend(db, microfrontendId);
  const where = and(
    eq(microfrontendVersions.microfrontendId, microfrontendId),
    query.status ? eq(microfrontendVersions.status, query.status) : undefined,
    containsAny(query.q, [microfrontendVersions.version]),
  );
  const { limit, offset } = pageOf(query);
  return runList({
    page: db
      .select()
      .from(microfrontendVersions)
      .where(where)
      .orderBy(...orderByFor(query.sort, '-createdAt', versionSortColumns, microfrontendVersions.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(microfrontendVersions).where(where),
    limit,
    offset,
  });
}

/** The version picker of one microfrontend: label = version (text order), detail = status. */
export async function microfrontendVersionOptions(
  db: Executor,
  microfrontendId: string,
  { status, ...query }: MicrofrontendVersionOptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  await getMicrofrontend(db, microfrontendId);
  const { id, version: label, status: detail } = microfrontendVersions;
  return runOptions(
    db,
    {
      table: microfrontendVersions,
      id,
      label,
      detail,
      within: eq(microfrontendVersions.microfrontendId, microfrontendId),
      filter: status ? eq(microfrontendVersions.status, status) : undefined,
    },
    query,
  );
}

export async function getMicrofrontendVersion(db: Executor, id: string): Promise<MicrofrontendVersion> {
  const [found] = await db.select().from(microfrontendVersions).where(eq(microfrontendVersions.id, id));
  if (!found) throw notFound('Microfrontend version');
  return found;
}

const meshSortColumns = { name: webAppMeshes.name, createdAt: webAppMeshes.createdAt };

/** Meshes in scope, newest first unless sorted, searched by name, filtered by tenant. */
export async function listMeshes(
  db: Executor,
  scope: TenantScope,
  query: WebAppMeshListQuery,
): Promise<{ items: WebAppMesh[]; total: number }> {
  const where = and(
    inTenantScope(webAppMeshes.tenantId, scope),
    query.tenantId ? eq(webAppMeshes.tenantId, query.tenantId) : undefined,
    containsAny(query.q, [webAppMeshes.name]),
  );
  const { limit, offset } = pageOf(query);
  return runList({
    page: db
      .select()
      .from(webAppMeshes)
      .where(where)
      .orderBy(...orderByFor(query.sort, '-createdAt', meshSortColumns, webAppMeshes.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(webAppMeshes).where(where),
    limit,
    offset,
  });
}

export async function getMesh(db: Executor, id: string): Promise<WebAppMesh> {
  const [found] = await db.select().from(webAppMeshes).where(eq(webAppMeshes.id, id));
  if (!found) throw notFound('Web app mesh');
  return found;
}

/** 23505 on a unique index we name: the error handler's generic 409 would not say which. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function createMicrofrontend(
  db: Database,
  input: MicrofrontendInput,
  actor: Actor,
): Promise<Microfrontend> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(microfrontends)
        .values({ ...input, createdBy: actor.email })
        .returning();
      if (!created) throw new Error('Insert returned no row');
      await recordAudit(tx, actor, {
        action: 'microfrontend.create',
        resourceType: 'microfrontend',
        resourceId: created.id,
        changes: { after: input },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A microfrontend with this slug already exists');
    throw error;
  }
}

export async function updateMicrofrontend(
  db: Database,
  id: string,
  patch: Partial<MicrofrontendInput>,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<Microfrontend> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(microfrontends).where(eq(microfrontends.id, id)).for('update');
      if (!before) throw notFound('Microfrontend');
      assertRevision(before, expectedRevision, 'The microfrontend');
      if (Object.keys(patch).length === 0) return before;
      const [after] = await tx
        .update(microfrontends)
        .set({ ...patch, revision: nextRevision(microfrontends.revision) })
        .where(eq(microfrontends.id, id))
        .returning();
      if (!after) throw notFound('Microfrontend');
      await recordAudit(tx, actor, {
        action: 'microfrontend.update',
        resourceType: 'microfrontend',
        resourceId: id,
        changes: { before, after: patch },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A microfrontend with this slug already exists');
    throw error;
  }
}

/** Meshes whose menu uses one of the given versions (menus are JSON text, so this reads them). */
async function meshesUsing(db: Executor, versionIds: Set<string>): Promise<string[]> {
  const meshes = await db
    .select({ name: webAppMeshes.name, menuItems: webAppMeshes.menuItems })
    .from(webAppMeshes);
  return meshes
    .filter((mesh) => {
      try {
        const items = JSON.parse(mesh.menuItems) as { microfrontendVersionId?: unknown }[];
        return items.some(
          (item) =>
            typeof item.microfrontendVersionId === 'string' && versionIds.has(item.microfrontendVersionId),
        );
      } catch {
        return false;
      }
    })
    .map((mesh) => mesh.name);
}

/** Deletes a microfrontend with its versions and idle deployments; refused while live or used by a mesh. */
export async function deleteMicrofrontend(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(microfrontends).where(eq(microfrontends.id, id)).for('update');
    if (!before) throw notFound('Microfrontend');
    assertRevision(before, expectedRevision, 'The microfrontend');
    const versionIds = new Set(
      (
        await tx
          .select({ id: microfrontendVersions.id })
          .from(microfrontendVersions)
          .where(eq(microfrontendVersions.microfrontendId, id))
      ).map((v) => v.id),
    );
    const usedBy = await meshesUsing(tx, versionIds);
    if (usedBy.length > 0)
      throw conflict(
        `${before.name} is used by the mesh${usedBy.length > 1 ? 'es' : ''} ${usedBy.join(', ')}`,
      );
    const live = await tx
      .select({ environment: microfrontendDeployments.environment })
      .from(microfrontendDeployments)
      .where(
        and(eq(microfrontendDeployments.microfrontendId, id), eq(microfrontendDeployments.status, 'active')),
      );
    if (live.length > 0)
      throw conflict(`${before.name} is live in ${[...new Set(live.map((l) => l.environment))].join(', ')}`);
    await tx.delete(microfrontendDeployments).where(eq(microfrontendDeployments.microfrontendId, id));
    await tx.delete(microfrontends).where(eq(microfrontends.id, id));
    await recordAudit(tx, actor, {
      action: 'microfrontend.delete',
      resourceType: 'microfrontend',
      resourceId: id,
      changes: { before },
    });
  });
}

/** exposedModules must be a JSON list of strings; the other JSON-text fields just JSON. */
function checkVersionFields<T extends MicrofrontendVersionPatch>(input: T): T {
  const jsonFields = ['exposedModules', 'sharedDependencies', 'defaultConfig', 'buildMetadata'] as const;
  for (const field of jsonFields) {
    const value = input[field];
    if (value === undefined || value === null || value.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest(`${field} must be valid JSON`, [
        { path: `body.${field}`, message: 'Must be valid JSON' },
      ]);
    }
    if (
      field === 'exposedModules' &&
      !(Array.isArray(parsed) && parsed.every((m) => typeof m === 'string' && m.length > 0))
    ) {
      throw badRequest('exposedModules must be a JSON list of module names', [
        { path: 'body.exposedModules', message: 'Must be a JSON list of strings' },
      ]);
    }
    if (
      field === 'defaultConfig' &&
      (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    ) {
      throw badRequest('defaultConfig must be a JSON object', [
        { path: 'body.defaultConfig', message: 'Must be a JSON object' },
      ]);
    }
  }
  return input;
}

export async function createMicrofrontendVersion(
  db: Database,
  input: MicrofrontendVersionInput,
  actor: Actor,
): Promise<MicrofrontendVersion> {
  checkVersionFields(input);
  try {
    return await db.transaction(async (tx) => {
      await getMicrofrontend(tx, input.microfrontendId);
      const [created] = await tx
        .insert(microfrontendVersions)
        .values({ ...input, status: 'draft', createdBy: actor.email })
        .returning();
      if (!created) throw new Error('Insert returned no row');
      await recordAudit(tx, actor, {
        action: 'microfrontend_version.create',
        resourceType: 'microfrontend',
        resourceId: created.id,
        changes: { after: input },
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Version ${input.version} already exists for this microfrontend`);
    throw error;
  }
}

/** Fields a published (or deprecated) version never changes: what a host shell loads and verifies. */
const FROZEN_WHEN_PUBLISHED = [
  'entryUrl',
  'exposedModules',
  'integrityHash',
  'version',
  'moduleType',
] as const;

export async function updateMicrofrontendVersion(
  db: Database,
  id: string,
  patch: MicrofrontendVersionPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<MicrofrontendVersion> {
  checkVersionFields(patch);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(microfrontendVersions)
      .where(eq(microfrontendVersions.id, id))
      .for('update');
    if (!before) throw notFound('Microfrontend version');
    assertRevision(before, expectedRevision, 'The microfrontend version');
    if (before.status !== 'draft') {
      const frozen = FROZEN_WHEN_PUBLISHED.filter(
        (field) => patch[field] !== undefined && patch[field] !== before[field],
      );
      if (frozen.length > 0)
        throw conflict(
          `A ${before.status} version's ${frozen.join(', ')} never change${frozen.length === 1 ? 's' : ''}`,
        );
    }
    if (Object.keys(patch).length === 0) return before;
    const [after] = await tx
      .update(microfrontendVersions)
      .set({ ...patch, revision: nextRevision(microfrontendVersions.revision) })
      .where(eq(microfrontendVersions.id, id))
      .returning();
    if (!after) throw notFound('Microfrontend version');
    await recordAudit(tx, actor, {
      action: 'microfrontend_version.update',
      resourceType: 'microfrontend',
      resourceId: id,
      changes: { before, after: patch },
    });
    return after;
  });
}

/** draft -> published (needs an entry URL, exposed modules and an integrity hash); published|draft -> deprecated. */
export async function changeVersionStatus(
  db: Database,
  id: string,
  to: 'published' | 'deprecated',
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<MicrofrontendVersion> {
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select()
      .from(microfrontendVersions)
      .where(eq(microfrontendVersions.id, id))
      .for('update');
    if (!version) throw notFound('Microfrontend version');
    assertRevision(version, expectedRevision, 'The microfrontend version');
    if (to === 'published') {
      if (version.status !== 'draft')
        throw conflict(`Only a draft can be published; this version is ${version.status}`);
      const missing = (['entryUrl', 'exposedModules', 'integrityHash'] as const).filter(
        (field) => !version[field],
      );
      if (missing.length > 0) throw conflict(`Set ${missing.join(', ')} before publishing`);
    } else if (version.status === 'deprecated') {
      throw conflict('This version is already deprecated');
    }
    const [after] = await tx
      .update(microfrontendVersions)
      .set({ status: to, revision: nextRevision(microfrontendVersions.revision) })
      .where(eq(microfrontendVersions.id, id))
      .returning();
    if (!after) throw notFound('Microfrontend version');
    await recordAudit(tx, actor, {
      action: `microfrontend_version.${to === 'published' ? 'publish' : 'deprecate'}`,
      resourceType: 'microfrontend',
      resourceId: id,
      changes: { from: version.status, to },
    });
    return after;
  });
}
