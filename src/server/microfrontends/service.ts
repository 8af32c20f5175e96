import { and, asc, desc, eq } from 'drizzle-orm';
import type { Microfrontend, MicrofrontendVersion } from '../../contract/microfrontends';
import type { WebAppMesh } from '../../contract/web-app-meshes';
import type { Executor } from '../db/client';
import { microfrontends, microfrontendVersions, webAppMeshes } from '../db/schema';
import { notFound } from '../errors';
import { inTenantScope, type TenantScope } from '../auth/viewer';

export async function listMicrofrontends(db: Executor): Promise<Microfrontend[]> {
  return db.select().from(microfrontends).orderBy(asc(microfrontends.name), asc(microfrontends.id));
}

export async function getMicrofrontend(db: Executor, id: string): Promise<Microfrontend> {
  const [found] = await db.select().from(microfrontends).where(eq(microfrontends.id, id));
  if (!found) throw notFound('Microfrontend');
  return found;
}

/** Versions of one microfrontend, newest first; `status` narrows them (the mesh form asks for published). */
export async function listMicrofrontendVersions(
  db: Executor,
  microfrontendId: string,
  status?: string,
): Promise<MicrofrontendVersion[]> {
  await getMicrofrontend(db, microfrontendId);
  return db
    .select()
    .from(microfrontendVersions)
    .where(
      and(
        eq(microfrontendVersions.microfrontendId, microfrontendId),
        status ? eq(microfrontendVersions.status, status) : undefined,
      ),
    )
    .orderBy(desc(microfrontendVersions.createdAt), desc(microfrontendVersions.version));
}

export async function getMicrofrontendVersion(db: Executor, id: string): Promise<MicrofrontendVersion> {
  const [found] = await db.select().from(microfrontendVersions).where(eq(microfrontendVersions.id, id));
  if (!found) throw notFound('Microfrontend version');
  return found;
}

export async function listMeshes(db: Executor, scope: TenantScope, filter: { tenantId?: string }): Promise<WebAppMesh[]> {
  return db
    .select()
    .from(webAppMeshes)
    .where(and(inTenantScope(webAppMeshes.tenantId, scope), filter.tenantId ? eq(webAppMeshes.tenantId, filter.tenantId) : undefined))
    .orderBy(desc(webAppMeshes.createdAt), asc(webAppMeshes.id));
}

export async function getMesh(db: Executor, id: string): Promise<WebAppMesh> {
  const [found] = await db.select().from(webAppMeshes).where(eq(webAppMeshes.id, id));
  if (!found) throw notFound('Web app mesh');
  return found;
}
