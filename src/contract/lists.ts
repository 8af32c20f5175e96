import { z } from 'zod';
import { capabilityStatusSchema } from './capabilities';
import { environmentSchema, idParamSchema, technologySchema } from './common';
import { microfrontendVersionStatusSchema } from './microfrontends';
import { tenantStatusSchema } from './tenants';
import { cursorQuerySchema, exactTotalQuerySchema } from './list-cursor';
import { globalRoleSchema, userKindSchema, userStatusSchema } from './users';
import { webAppStatusSchema } from './web-apps';
import {
  auditEventSortFields,
  capabilitySortFields,
  MAX_OFFSET,
  MAX_PAGE_SIZE,
  microfrontendSortFields,
  microfrontendVersionSortFields,
  notificationTemplateSortFields,
  OPTIONS_MAX,
  sortValues,
  tenantSortFields,
  userProfileSortFields,
  userSortFields,
  webAppMeshSortFields,
  webAppSortFields,
} from './list-conventions';

export * from './list-conventions';

const searchSchema = z.string().trim().max(200).optional();
const limitSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional();
const offsetSchema = z.coerce.number().int().min(0).max(MAX_OFFSET).optional();

/**
 * The query of one paged, sorted list: q, sort over `fields`, limit, and either offset (a page number)
 * or a cursor (next/previous from a reply); exactTotal forces a count. Extend it with the filters.
 */
export function listQuerySchemaFor<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.object({
    q: searchSchema,
    sort: z.enum(sortValues(fields)).optional(),
    limit: limitSchema,
    offset: offsetSchema,
    cursor: cursorQuerySchema.optional(),
    exactTotal: exactTotalQuerySchema.optional(),
  });
}

/**
 * The query of a short per-parent list paged by offset only (a tenant's gateway routes in one
 * environment, a capability's templates): no cursor, and its total is always counted.
 */
export function offsetListQuerySchemaFor<const F extends readonly [string, ...string[]]>(fields: F) {
  return listQuerySchemaFor(fields).omit({ cursor: true, exactTotal: true });
}

/**
 * The compact shape of a search-as-you-type picker (tenant, capability, microfrontend, published
 * version): `GET /api/<resource>/options?q=&limit=` answers at most OPTIONS_MAX rows of this, with
 * X-Total-Count, so a picker never loads the whole set.
 */
/** A repeated query parameter of ids (`?ids=a&ids=b`), one or many, at most `max`: always an array. */
function idListSchema(max: number) {
  return z
    .union([idParamSchema, z.array(idParamSchema).max(max)])
    .transform((value) => (Array.isArray(value) ? value : [value]));
}

export const optionsQuerySchema = z.object({
  q: searchSchema,
  limit: z.coerce.number().int().min(1).max(OPTIONS_MAX).optional(),
  /** Exact ids to include whatever the search (so a picker can label its current value). */
  ids: idListSchema(OPTIONS_MAX).optional(),
});
export type OptionsQuery = z.infer<typeof optionsQuerySchema>;

export const optionSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** A second line: the tenant's status, the capability's category, the version's status... */
  detail: z.string().nullable(),
});
export type Option = z.infer<typeof optionSchema>;

/** Paging without search or sort: histories that have one natural order (configuration versions). */
export const pageQuerySchema = z.object({ limit: limitSchema, offset: offsetSchema });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/*
 * The query of each list: the shared q/sort/limit/offset plus its filters. Filters over a closed set
 * of values are enums, so a typo is a 400 naming the field rather than an empty page.
 */
export const tenantListQuerySchema = listQuerySchemaFor(tenantSortFields).extend({
  status: tenantStatusSchema.optional(),
});
export type TenantListQuery = z.infer<typeof tenantListQuerySchema>;

export const userListQuerySchema = listQuerySchemaFor(userSortFields).extend({
  status: userStatusSchema.optional(),
  globalRole: globalRoleSchema.optional(),
  /** People or service accounts. */
  kind: userKindSchema.optional(),
  /** Users holding a profile in this tenant. */
  tenantId: idParamSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const capabilityListQuerySchema = listQuerySchemaFor(capabilitySortFields).extend({
  status: capabilityStatusSchema.optional(),
  category: z.string().trim().max(100).optional(),
});
export type CapabilityListQuery = z.infer<typeof capabilityListQuerySchema>;

export const microfrontendListQuerySchema = listQuerySchemaFor(microfrontendSortFields);
export type MicrofrontendListQuery = z.infer<typeof microfrontendListQuerySchema>;

export const microfrontendVersionListQuerySchema = listQuerySchemaFor(microfrontendVersionSortFields).extend({
  status: microfrontendVersionStatusSchema.optional(),
});
export type MicrofrontendVersionListQuery = z.infer<typeof microfrontendVersionListQuerySchema>;

export const webAppListQuerySchema = listQuerySchemaFor(webAppSortFields).extend({
  status: webAppStatusSchema.optional(),
  tenantId: idParamSchema.optional(),
  environment: environmentSchema.optional(),
  technology: technologySchema.optional(),
});
export type WebAppListQuery = z.infer<typeof webAppListQuerySchema>;

export const webAppMeshListQuerySchema = listQuerySchemaFor(webAppMeshSortFields).extend({
  tenantId: idParamSchema.optional(),
});
export type WebAppMeshListQuery = z.infer<typeof webAppMeshListQuerySchema>;

export const userProfileListQuerySchema = listQuerySchemaFor(userProfileSortFields).extend({
  userId: idParamSchema.optional(),
  /** The profiles of these users only (`?userIds=a&userIds=b`): the users page asks for its page's. */
  userIds: idListSchema(MAX_PAGE_SIZE).optional(),
  tenantId: idParamSchema.optional(),
});
export type UserProfileListQuery = z.infer<typeof userProfileListQuerySchema>;

export const notificationTemplateListQuerySchema = offsetListQuerySchemaFor(notificationTemplateSortFields);
export type NotificationTemplateListQuery = z.infer<typeof notificationTemplateListQuerySchema>;

/** The audit log keeps its filters (actor: email contains or exact id) and gains q and sort. */
export const auditEventListQuerySchema = listQuerySchemaFor(auditEventSortFields).extend({
  actor: z.string().trim().max(320).optional(),
  resourceType: z.string().trim().max(100).optional(),
  tenantId: idParamSchema.optional(),
  from: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).optional(),
});
export type AuditEventListQuery = z.infer<typeof auditEventListQuerySchema>;

/** Published (or draft, deprecated) versions of one microfrontend, for the mesh form's picker. */
export const microfrontendVersionOptionsQuerySchema = optionsQuerySchema.extend({
  status: microfrontendVersionStatusSchema.optional(),
});
export type MicrofrontendVersionOptionsQuery = z.infer<typeof microfrontendVersionOptionsQuerySchema>;
