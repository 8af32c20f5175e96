import { z } from 'zod';
import { httpUrl, technologies, timestampSchema, revisionSchema } from './common';
import { microfrontendVersionStatuses } from './vocabulary';

export const microfrontendSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  repository: z.string().nullable(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
});
export type Microfrontend = z.infer<typeof microfrontendSchema>;

export { microfrontendVersionStatuses } from './vocabulary';
export const microfrontendVersionStatusSchema = z.enum(microfrontendVersionStatuses);
export type MicrofrontendVersionStatus = z.infer<typeof microfrontendVersionStatusSchema>;

/** A version's module type: one of the web app technologies. */
export const moduleTypes = technologies;
export const moduleTypeSchema = z.enum(moduleTypes);
export type ModuleType = z.infer<typeof moduleTypeSchema>;
export const DEFAULT_MODULE_TYPE = 'module-federation';

export const microfrontendVersionSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  microfrontendId: z.string(),
  version: z.string(),
  status: microfrontendVersionStatusSchema,
  entryUrl: z.string().nullable(),
  moduleType: moduleTypeSchema,
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

/** Subresource-integrity form: sha256/384/512 then base64. */
export const INTEGRITY_HASH_PATTERN = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const jsonText = z.string().max(50_000).nullable().optional();

export const microfrontendInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(100)
    .regex(SLUG_PATTERN, 'Lower-case letters, digits and dashes'),
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  repository: z.string().trim().max(2000).nullable().optional(),
});
export type MicrofrontendInput = z.infer<typeof microfrontendInputSchema>;
export const microfrontendPatchSchema = microfrontendInputSchema.partial();

/** A new version starts as a draft; exposedModules is a JSON-text list of strings. */
export const microfrontendVersionInputSchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  version: z.string().trim().min(1, 'Version is required').max(100),
  entryUrl: httpUrl.nullable().optional(),
  moduleType: moduleTypeSchema.optional(),
  exposedModules: jsonText,
  sharedDependencies: jsonText,
  defaultConfig: jsonText,
  buildMetadata: jsonText,
  integrityHash: z
    .string()
    .trim()
    .regex(INTEGRITY_HASH_PATTERN, 'Must be sha256-, sha384- or sha512- followed by base64')
    .nullable()
    .optional(),
});
export type MicrofrontendVersionInput = z.infer<typeof microfrontendVersionInputSchema>;
export const microfrontendVersionPatchSchema = microfrontendVersionInputSchema
  .omit({ microfrontendId: true })
  .partial();
export type MicrofrontendVersionPatch = z.infer<typeof microfrontendVersionPatchSchema>;

/**
 * How many of a microfrontend's versions its registry card shows, newest first: what the card's own
 * versions request got before (the server's default list limit); the card says when there are more.
 */
export const CARD_VERSIONS = 100;

/**
 * A row of GET /api/microfrontends: the microfrontend with what its card shows of its versions (the
 * newest CARD_VERSIONS and how many there are), read for the whole page at once, so the registry
 * page makes one request rather than one more per card.
 */
export const microfrontendListItemSchema = microfrontendSchema.extend({
  versions: z.array(microfrontendVersionSchema),
  versionCount: z.number().int().nonnegative(),
});
export type MicrofrontendListItem = z.infer<typeof microfrontendListItemSchema>;
