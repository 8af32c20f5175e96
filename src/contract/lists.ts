import { z } from 'zod';
import { idParamSchema } from './common';

/**
 * The list conventions every large list shares (docs/lists.md):
 *   ?q=<search>&<filters>&sort=<field>|-<field>&limit=<n>&offset=<n>
 * answered with a JSON array of the page and the total matching rows in X-Total-Count.
 * Sorting is on whitelisted fields only and always ends with the id, so pages never overlap.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** The most rows one list request may ask for. */
export const MAX_PAGE_SIZE = 200;
/** Offsets past this are refused: deeper pages are reached by narrowing the search, not by paging. */
export const MAX_OFFSET = 1_000_000;

/** `name` sorts ascending, `-name` descending. */
export type SortValue<F extends string> = F | `-${F}`;

export function sortValues<const F extends readonly [string, ...string[]]>(
  fields: F,
): [SortValue<F[number]>, ...SortValue<F[number]>[]] {
  const values = fields.flatMap((field) => [field, `-${field}`]) as SortValue<F[number]>[];
  return values as [SortValue<F[number]>, ...SortValue<F[number]>[]];
}

export function parseSort<F extends string>(value: SortValue<F>): { field: F; direction: 'asc' | 'desc' } {
  return value.startsWith('-')
    ? { field: value.slice(1) as F, direction: 'desc' }
    : { field: value as F, direction: 'asc' };
}

const searchSchema = z.string().trim().max(200).optional();
const limitSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional();
const offsetSchema = z.coerce.number().int().min(0).max(MAX_OFFSET).optional();

/** The query of one paged, sorted list: q, sort over `fields`, limit and offset. Extend it with the filters. */
export function listQuerySchemaFor<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({
    q: searchSchema,
    sort: z.enum(sortValues(fields)).optional(),
    limit: limitSchema,
    offset: offsetSchema,
  });
}

/** Sortable fields per list, shared by the server (whitelist) and the client (column headers). */
export const tenantSortFields = ['name', 'status', 'owner', 'createdAt'] as const;
export const userSortFields = ['name', 'email', 'globalRole', 'status', 'createdAt', 'lastLoginAt'] as const;
export const capabilitySortFields = ['id', 'name', 'status', 'category', 'version'] as const;
export const microfrontendSortFields = ['name', 'slug', 'createdAt'] as const;
export const webAppSortFields = ['name', 'status', 'environment', 'technology', 'createdAt'] as const;
export const webAppMeshSortFields = ['name', 'createdAt'] as const;
export const auditEventSortFields = ['createdAt', 'action', 'resourceType', 'actorEmail'] as const;

/**
 * The compact shape of a search-as-you-type picker (tenant, capability, microfrontend, published
 * version): `GET /api/<resource>/options?q=&limit=` answers at most OPTIONS_MAX rows of this, with
 * X-Total-Count, so a picker never loads the whole set.
 */
export const OPTIONS_DEFAULT_LIMIT = 20;
export const OPTIONS_MAX = 50;
export const optionsQuerySchema = z.object({
  q: searchSchema,
  limit: z.coerce.number().int().min(1).max(OPTIONS_MAX).optional(),
  /** Exact ids to include whatever the search (so a picker can label its current value). */
  ids: z
    .union([idParamSchema, z.array(idParamSchema).max(OPTIONS_MAX)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});
export type OptionsQuery = z.infer<typeof optionsQuerySchema>;

export const optionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** A second line: the tenant's status, the capability's category, the version's status... */
  detail: z.string().nullable(),
});
export type Option = z.infer<typeof optionSchema>;
