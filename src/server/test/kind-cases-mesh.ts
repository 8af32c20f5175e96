import { updateMesh } from '../microfrontends/mesh-service';
import type { ApiContext } from './api-harness';
import { apiCalls, comparable, TEST_ACTOR, type Ids, type KindCase } from './kind-cases';

/** The mesh kinds a plan files, as cases of changes/plan-kinds.test.ts: meshes of tenant-001. */
export function meshKindCases(ctx: () => ApiContext): Record<string, KindCase> {
  const { send, read, list } = apiCalls(ctx);

  /** A microfrontend with a published version 1.0.0, for the menus: answers its slug and the version's id. */
  async function published(n: number) {
    const slug = `plan-mf-${n}`;
    const mf = await send('POST', '/api/microfrontends', { slug, name: `Plan MF ${n}` });
    const version = await send('POST', '/api/microfrontend-versions', {
      microfrontendId: mf.id,
      version: '1.0.0',
      entryUrl: 'https://cdn.example.com/mf.js',
      exposedModules: '["./App"]',
      integrityHash: 'sha256-abc=',
    });
    await send('POST', `/api/microfrontend-versions/${String(version.id)}/publish`);
    return { slug, versionId: String(version.id) };
  }
  const menu = (item: object, label = 'Home') => JSON.stringify([{ label, config: {}, order: 0, ...item }]);
  const mesh = (name: string, menuItems: string) => ({ tenantId: 'tenant-001', name, menuItems });
  const newMesh = async (name: string, versionId: string) =>
    String(
      (await send('POST', '/api/web-app-meshes', mesh(name, menu({ microfrontendVersionId: versionId })))).id,
    );
  /** A mesh as the cases compare it: no ids, name or dates, its menu's items without their ids. */
  const compared = (row: Record<string, unknown> | null | undefined) => {
    const rest = comparable(row, 'name');
    if (!rest) return null;
    const items = JSON.parse(String(rest.menuItems)) as Record<string, unknown>[];
    return { ...rest, menuItems: items.map((item) => comparable(item)) };
  };
  const meshNamed = async (name: string) =>
    (await list(`/api/web-app-meshes?q=${encodeURIComponent(name)}&limit=50`)).find(
      (row) => row.name === name,
    );
  const twoMeshes = async (n: number) => {
    const { versionId } = await published(n);
    return {
      target: await newMesh(`Mesh ${n}`, versionId),
      twin: await newMesh(`Mesh twin ${n}`, versionId),
    };
  };
  const edit = { description: 'Planned menu', menuItems: '' };
  const byId = async (ids: Ids, which: 'target' | 'twin') =>
    compared(await read(`/api/web-app-meshes/${ids[which]}`));
  const moveTarget = async (ids: Ids) =>
    void (await updateMesh(ctx().db, ids.target ?? '', { description: 'moved' }, TEST_ACTOR));

  return {
    'mesh.create': {
      async setup(n) {
        const { slug, versionId } = await published(n);
        return { slug, versionId, target: `Plan mesh ${n}`, twin: `Plan mesh twin ${n}` };
      },
      // The plan names the version by its microfrontend's slug and version, as a document does.
      change: (ids) => ({
        kind: 'mesh.create',
        body: mesh(ids.target ?? '', menu({ microfrontend: ids.slug, version: '1.0.0' })),
      }),
      direct: async (ids) =>
        void (await send(
          'POST',
          '/api/web-app-meshes',
          mesh(ids.twin ?? '', menu({ microfrontendVersionId: ids.versionId })),
        )),
      state: async (ids, which) => compared(await meshNamed(ids[which] ?? '')),
      move: async (ids) => void (await newMesh(ids.target ?? '', ids.versionId ?? '')),
      undo: 'restores',
    },
    'mesh.update': {
      async setup(n) {
        const { versionId } = await published(n);
        const meshes = await twoMeshes(n + 1000);
        return { ...meshes, versionId };
      },
      change: (ids) => ({
        kind: 'mesh.update',
        meshId: ids.target ?? '',
        body: { ...edit, menuItems: menu({ microfrontendVersionId: ids.versionId }, 'Start') },
      }),
      direct: async (ids) =>
        void (await updateMesh(
          ctx().db,
          ids.twin ?? '',
          { ...edit, menuItems: menu({ microfrontendVersionId: ids.versionId }, 'Start') },
          TEST_ACTOR,
        )),
      state: byId,
      move: moveTarget,
      undo: 'restores',
    },
    'mesh.delete': {
      setup: twoMeshes,
      change: (ids) => ({ kind: 'mesh.delete', meshId: ids.target ?? '' }),
      direct: async (ids) => void (await send('DELETE', `/api/web-app-meshes/${ids.twin}`)),
      state: byId,
      move: moveTarget,
      undo: /gets a new id/,
    },
  };
}
