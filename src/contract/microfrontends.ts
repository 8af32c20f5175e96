import { z } from 'zod';
import { timestampSchema } from './common';

export const microfrontendSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  repository: z.string().nullable(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
});
export type Microfrontend = z.infer<typeof microfrontendSchema>;

export const microfrontendVersionSchema = z.object({
  id: z.string(),
  microfrontendId: z.string(),
  version: z.string(),
  status: z.string(),
  entryUrl: z.string().nullable(),
  moduleType: z.string(),
  /** JSON text: list of exposed module names. */
  exposedModules: z.string().nullable(),
  sharedDependencies: z.string().nullable(),
  defaultConfig: z.string().nullable(),
  buildMetadata: z.string().nullable(),
  integrityHash: z.string().nullable(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
});
export type MicrofrontendVersion = z.infer<typeof microfrontendVersionSchema>;

export const microfrontendVersionStatuses = ['draft', 'published', 'deprecated'] as const;
