import { z } from 'zod';
import { timestampSchema, revisionSchema } from './common';
import { microfrontendVersionStatusSchema, moduleTypeSchema } from './microfrontends';

export const webAppMeshSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  tenantId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** JSON text: list of {id, label, microfrontendVersionId, config, order}. */
  menuItems: z.string(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
});
export type WebAppMesh = z.infer<typeof webAppMeshSchema>;

export const meshMenuItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  microfrontendVersionId: z.string(),
  config: z.record(z.string(), z.unknown()),
  order: z.number().int().min(0),
});
export type MeshMenuItem = z.infer<typeof meshMenuItemSchema>;

export const DEFAULT_MESH_TENANT_ID = 'tenant-001';

/** POST /api/web-app-meshes: menuItems is JSON text; createdBy comes from the session. */
export const createMeshBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  tenantId: z.string().trim().min(1, 'Tenant is required').max(200),
  menuItems: z.string().max(200_000),
  createdBy: z.string().optional(),
});
export type CreateMeshBody = z.infer<typeof createMeshBodySchema>;

/** What a host shell needs to load a mesh: its menu in order, resolved. */
export const meshManifestSchema = z.object({
  meshId: z.string(),
  name: z.string(),
  tenantId: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      order: z.number().int(),
      microfrontend: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
      versionId: z.string(),
      version: z.string(),
      status: microfrontendVersionStatusSchema,
      entryUrl: z.string().nullable(),
      moduleType: moduleTypeSchema,
      exposedModules: z.array(z.string()),
      integrityHash: z.string().nullable(),
      /** The version's defaultConfig with the item's config laid over it. */
      config: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type MeshManifest = z.infer<typeof meshManifestSchema>;
