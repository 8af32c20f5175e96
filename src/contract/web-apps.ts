import { z } from 'zod';
import {
  environmentSchema,
  idParamSchema,
  technologySchema,
  timestampSchema,
  webAppRegions,
  revisionSchema,
} from './common';
import { webAppStatuses } from './vocabulary';

export { webAppStatuses } from './vocabulary';
export const webAppStatusSchema = z.enum(webAppStatuses);
export type WebAppStatus = z.infer<typeof webAppStatusSchema>;

export const webAppSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  name: z.string(),
  description: z.string().nullable(),
  technology: technologySchema,
  status: webAppStatusSchema,
  tenantId: z.string(),
  environment: environmentSchema,
  region: z.string().nullable(),
  url: z.string().nullable(),
  /** Create Web App step 2 switches (docs/product.md, Create and configure dialogs). */
  useStandardHeader: z.boolean().nullable(),
  useStandardFooter: z.boolean().nullable(),
  createdAt: timestampSchema,
});
export type WebApp = z.infer<typeof webAppSchema>;

/** Defaults of the Create Web App dialog (docs/product.md, States and transitions). */
export const WEB_APP_DEFAULT_ENVIRONMENT = 'development';
export const WEB_APP_DEFAULT_REGION = 'us-east-1';

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An optional http(s) URL; an empty string means "none" (what an empty form input sends). */
export const optionalHttpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value === '' || isHttpUrl(value), 'Must be an http:// or https:// URL')
  .nullable()
  .optional();

/**
 * Create Web App: step 1's technology, step 2's details, and the tenant the app belongs to. New apps
 * start as provisioning; the status is not chosen at creation.
 */
export const webAppInputSchema = z.object({
  name: z.string().trim().min(1, 'Application Name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  technology: technologySchema,
  tenantId: idParamSchema,
  /** Default development. */
  environment: environmentSchema.optional(),
  /** Default us-east-1. */
  region: z.enum(webAppRegions).optional(),
  url: optionalHttpUrlSchema,
  useStandardHeader: z.boolean().optional(),
  useStandardFooter: z.boolean().optional(),
});
export type WebAppInput = z.infer<typeof webAppInputSchema>;

/**
 * PATCH /api/web-apps/:id: any subset of the fields, plus the status. An app never moves to another
 * tenant: a tenantId other than the app's own is refused (400 naming body.tenantId).
 */
export const webAppPatchSchema = webAppInputSchema.partial().extend({
  status: webAppStatusSchema.optional(),
});
export type WebAppPatch = z.infer<typeof webAppPatchSchema>;

/**
 * Whether a patch changes what production serves from this web app: its URL while it is in
 * production, or moving it into or out of production. That is a change of the tenant's production
 * (kind web_app.update); its name, status and the rest are not (docs/changes.md).
 */
export function webAppPatchServesProduction(
  app: Pick<WebApp, 'environment' | 'url'>,
  patch: { environment?: string; url?: string | null },
): boolean {
  const environment = patch.environment ?? app.environment;
  const moved = environment !== app.environment;
  const urlChanged = patch.url !== undefined && (patch.url?.trim() || null) !== app.url;
  return (moved || urlChanged) && (app.environment === 'production' || environment === 'production');
}
