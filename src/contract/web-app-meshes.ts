import { z } from 'zod';
import { timestampSchema } from './common';

export const webAppMeshSchema = z.object({
  id: z.string(),
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
