import { and, eq, getTableColumns } from 'drizzle-orm';
import type { MicrofrontendListQuery, Option, OptionsQuery } from '../../contract/lists';
import type { Microfrontend, MicrofrontendInput } from '../../contract/microfrontends';
import { recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { containsAny, listOf, type ListPage } from '../db/list';
import { runOptions } from '../db/options';
import { tablePageQueries } from '../table-pages';
import { microfrontendDeployments, microfrontends, microfrontendVersions, webAppMeshes } from '../db/schema';
import { conflict } from '../errors';
import { deleteInTransaction, readRevisioned, revisionedRows, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { refusingDuplicates } from '../unique-violation';

/** The registry: microfrontends themselves (their versions: versions-service.ts). */

const microfrontendSortColumns = {
  name: microfrontends.name,
  slug: microfrontends.slug,
  createdAt: microfrontends.createdAt,
};

/** The statements of one page of the microfrontend registry (exported for the EXPLAIN test). */
export function microfrontendListQueries(db: Executor, query: MicrofrontendListQuery) {
  const where = containsAny(query.q, [microfrontends.name, microfrontends.slug, microfrontends.description]);
  return tablePageQueries(db, microfrontends, where, query, {
    fallback: 'name',
    columns: microfrontendSortColumns,
    id: microfrontends.id,
    // Slugs are unique: ordered alone, on microfrontends_slug_unique.
    unique: ['slug'],
  });
}

/** The registry, by name unless sorted, searched by name, slug or description. */
export const listMicrofrontends = listOf(microfrontendListQueries);

/** The microfrontend picker: the registry by name, detail = slug, searched by name or slug. */
export function microfrontendOptions(db: Executor, query: OptionsQuery): Promise<ListPage<Option>> {
  const { id, name: label, slug: detail } = microfrontends;
  return runOptions(db, { table: microfrontends, id, label, detail, searched: [label, detail] }, query);
}

/** Microfrontends as revisioned writes see them. */
const microfrontendRows = revisionedRows(microfrontends, getTableColumns(microfrontends), {
  label: 'Microfrontend',
  resourceType: 'microfrontend',
});

export async function getMicrofrontend(db: Executor, id: string): Promise<Microfrontend> {
  return readRevisioned(db, microfrontendRows, id);
}

const duplicateSlug = () => conflict('A microfrontend with this slug already exists');

export async function createMicrofrontend(
  db: Database,
  input: MicrofrontendInput,
  actor: Actor,
): Promise<Microfrontend> {
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const inserted = await tx
          .insert(microfrontends)
          .values({ ...input, createdBy: actor.email })
          .returning();
        return recordCreated(tx, actor, inserted, {
          action: 'microfrontend.create',
          resourceType: 'microfrontend',
          changes: () => ({ after: input }),
        });
      }),
    duplicateSlug,
  );
}

export async function updateMicrofrontend(
  db: Database,
  id: string,
  patch: Partial<MicrofrontendInput>,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<Microfrontend> {
  return refusingDuplicates(
    () =>
      db.transaction((tx) =>
        updateRevisioned(tx, microfrontendRows, id, expectedRevision, actor, (before) => ({
          set: patch,
          changes: () => ({ before, after: patch }),
        })),
      ),
    duplicateSlug,
  );
}

/** Meshes whose menu uses one of the given versions (menus are JSON text, so this reads them). */
async function meshesUsing(db: Executor, versionIds: Set<string>): Promise<string[]> {
  const meshes = await db
    .select({ name: webAppMeshes.name, menuItems: webAppMeshes.menuItems })
    .from(webAppMeshes);
  const usesOne = (item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    'microfrontendVersionId' in item &&
    typeof item.microfrontendVersionId === 'string' &&
    versionIds.has(item.microfrontendVersionId);
  return meshes
    .filter((mesh) => {
      try {
        const items: unknown = JSON.parse(mesh.menuItems);
        return Array.isArray(items) && items.some(usesOne);
      } catch {
        return false;
      }
    })
    .map((mesh) => mesh.name);
}

/** Refuses to delete a microfrontend that a mesh uses or that is live in some environment. */
async function assertUnused(tx: Executor, microfrontend: Microfrontend): Promise<void> {
  const versions = await tx
    .select({ id: microfrontendVersions.id })
    .from(microfrontendVersions)
    .where(eq(microfrontendVersions.microfrontendId, microfrontend.id));
  const usedBy = await meshesUsing(tx, new Set(versions.map((v) => v.id)));
  if (usedBy.length > 0)
    throw conflict(
      `${microfrontend.name} is used by the mesh${usedBy.length > 1 ? 'es' : ''} ${usedBy.join(', ')}`,
    );
  const live = await tx
    .select({ environment: microfrontendDeployments.environment })
    .from(microfrontendDeployments)
    .where(
      and(
        eq(microfrontendDeployments.microfrontendId, microfrontend.id),
        eq(microfrontendDeployments.status, 'active'),
      ),
    );
  if (live.length > 0)
    throw conflict(
      `${microfrontend.name} is live in ${[...new Set(live.map((l) => l.environment))].join(', ')}`,
    );
}

/** Deletes a microfrontend with its versions and idle deployments; refused while live or used by a mesh. */
export const deleteMicrofrontend = deleteInTransaction(microfrontendRows, async (tx, before, id) => {
  await assertUnused(tx, before);
  await tx.delete(microfrontendDeployments).where(eq(microfrontendDeployments.microfrontendId, id));
  return { before };
});
