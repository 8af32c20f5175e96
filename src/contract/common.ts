import { z } from 'zod';
import { controlPlaneRegions, environments, slots, technologies } from './vocabulary';

export { isOneOf, labelOf } from './sets';

/**
 * Optimistic-concurrency revision of an editable resource: 1 when created, +1 on every change. It is
 * the resource's ETag; writes that send it back in If-Match fail with 412 once someone else saved.
 */
export const revisionSchema = z.number().int().min(0);

export {
  authProviderNames,
  authProviders,
  controlPlaneRegions,
  dataClassifications,
  disasterRecoveryTiers,
  environmentName,
  environmentNames,
  environmentShortNames,
  environments,
  identityProviderNames,
  identityProviders,
  isEnvironment,
  residencyRegions,
  slotNames,
  slots,
  technologies,
  technologyDescriptions,
  technologyNames,
  TOTAL_COUNT_HEADER,
  webAppRegions,
  type AuthProvider,
  type Environment,
  type IdentityProvider,
  type Slot,
  type Technology,
} from './vocabulary';

/**
 * Free text shown on one line. A request's title leads e-mail subjects and chat messages and starts their
 * text, where a line break would let it pass for the message's own lines.
 */
export const oneLineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !/\p{Cc}/u.test(value), 'Must be one line, without line breaks or control characters');

export const environmentSchema = z.enum(environments);
export const controlPlaneRegionSchema = z.enum(controlPlaneRegions);
export const technologySchema = z.enum(technologies);
export const slotSchema = z.enum(slots);

/** ISO-8601 timestamp string as the API sends it. */
export const timestampSchema = z.string();

/** A path/query id: non-empty, bounded, no slashes. */
export const idParamSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^/]+$/, 'Must not contain "/"');

/** Standard list query for large lists: ?q=&status=&limit=&offset= (total in X-Total-Count). */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** An absolute http or https URL typed by an administrator. */
export const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Must be an http(s) URL');
