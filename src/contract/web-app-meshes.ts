import { z } from 'zod';
import { environmentSchema, revisionSchema, slotSchema, timestampSchema } from './common';
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

/**
 * An edit of a mesh (change kind mesh.update; meshes have no direct edit endpoint): any of its name,
 * description and menu. menuItems replaces the whole menu, with the rules of a new mesh's.
 */
export const meshPatchSchema = createMeshBodySchema
  .pick({ name: true, description: true, menuItems: true })
  .partial();
export type MeshPatch = z.infer<typeof meshPatchSchema>;

/** GET /api/web-app-meshes/:id/manifest: the environment whose deployment slots the items carry. */
export const meshManifestQuerySchema = z.object({
  environment: environmentSchema.default('production'),
});

/**
 * One active deployment slot of an item's microfrontend (docs/traffic-splitting.md). During a rollout
 * both slots are listed, their weights adding up to 100; a shell sends a user to the slot that is not
 * `stable` when the user's bucket (traffic-bucket.ts) is below that slot's weight.
 */
export const meshSlotSchema = z.object({
  slot: slotSchema,
  versionId: z.string(),
  version: z.string(),
  entryUrl: z.string().nullable(),
  integrityHash: z.string().nullable(),
  /** Percentage of users this slot serves, 0..100. */
  weight: z.number().int().min(0).max(100),
  /** The slot that served everyone before the rollout (the only one outside a rollout). */
  stable: z.boolean(),
});
export type MeshSlot = z.infer<typeof meshSlotSchema>;

/**
 * What a host shell needs to load a mesh: its menu in order, resolved. An item's version fields are the
 * version its menu item names, whatever is deployed; `slots` are what is deployed in `environment`.
 */
export const meshManifestSchema = z.object({
  meshId: z.string(),
  name: z.string(),
  tenantId: z.string(),
  environment: environmentSchema,
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
      /** The microfrontend's active slots in the environment, blue first: two during a rollout. */
      slots: z.array(meshSlotSchema),
    }),
  ),
});
export type MeshManifest = z.infer<typeof meshManifestSchema>;
