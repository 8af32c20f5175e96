import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Environment } from '../../contract/common';
import type { MeshManifest } from '../../contract/web-app-meshes';
import type { Executor } from '../db/client';
import { microfrontends, microfrontendVersions } from '../db/schema';
import { activeSlotsOf } from './manifest-slots';
import { getMesh } from './mesh-service';

/** The menu as createMesh stored it (JSON text): ids assigned, config defaulted. */
const storedMenuSchema = z.array(
  z.object({
    id: z.string(),
    label: z.string(),
    microfrontendVersionId: z.string(),
    config: z.record(z.string(), z.unknown()).default({}),
    order: z.number(),
  }),
);
type StoredMenuItem = z.infer<typeof storedMenuSchema>[number];
type ManifestItem = MeshManifest['items'][number];

const parseJson = (text: string | null, fallback: unknown): unknown => {
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
};

/** The menu's versions with their microfrontend, those that still exist. */
async function versionRowsOf(db: Executor, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      version: microfrontendVersions,
      microfrontend: { id: microfrontends.id, slug: microfrontends.slug, name: microfrontends.name },
    })
    .from(microfrontendVersions)
    .innerJoin(microfrontends, eq(microfrontends.id, microfrontendVersions.microfrontendId))
    .where(inArray(microfrontendVersions.id, ids));
}
type VersionRow = Awaited<ReturnType<typeof versionRowsOf>>[number];

/** One menu item as the host shell loads it: the item's config over the version's defaults. */
function manifestItem(item: StoredMenuItem, row: VersionRow, slots: ManifestItem['slots']): ManifestItem {
  const defaults = parseJson(row.version.defaultConfig, {});
  const modules = parseJson(row.version.exposedModules, []);
  return {
    id: item.id,
    label: item.label,
    order: item.order,
    microfrontend: row.microfrontend,
    versionId: row.version.id,
    version: row.version.version,
    status: row.version.status,
    entryUrl: row.version.entryUrl,
    moduleType: row.version.moduleType,
    exposedModules: Array.isArray(modules) ? modules.filter((m): m is string => typeof m === 'string') : [],
    integrityHash: row.version.integrityHash,
    config: {
      ...(typeof defaults === 'object' && defaults && !Array.isArray(defaults) ? defaults : {}),
      ...item.config,
    },
    slots,
  };
}

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
  const items = storedMenuSchema.parse(parseJson(mesh.menuItems, []));
  const rows = await versionRowsOf(
    db,
    items.map((item) => item.microfrontendVersionId),
  );
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
        return row ? [manifestItem(item, row, slots.get(row.microfrontend.id) ?? [])] : [];
      }),
  };
}
