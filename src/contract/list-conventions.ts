/**
 * The list conventions every large list shares (docs/lists.md):
 *   ?q=<search>&<filters>&sort=<field>|-<field>&limit=<n>&offset=<n> (or &cursor=<from a reply>)
 * answered with a JSON array of the page and the total matching rows in X-Total-Count (an estimate for
 * large unfiltered lists unless &exactTotal=true), with X-Next-Cursor / X-Previous-Cursor.
 * Sorting is on whitelisted fields only and always ends with the id, so pages never overlap.
 *
 * This module holds what a list screen needs to build its URL and toolbar (page sizes, sort values, each
 * list's sortable fields) without zod, so it does not download the schema library (issue 27); the query
 * schemas the server validates with are in lists.ts, which re-exports all of this.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** The most rows one list request may ask for. */
export const MAX_PAGE_SIZE = 200;
/** Offsets past this are refused: deeper pages are reached by narrowing the search, not by paging. */
export const MAX_OFFSET = 1_000_000;

/** `name` sorts ascending, `-name` descending. */
export type SortValue<F extends string> = F | `-${F}`;

/** Each field ascending then descending: a non-empty list, as an enum of them needs. */
export function sortValues<const F extends readonly [string, ...string[]]>(
  fields: F,
): [SortValue<F[number]>, ...SortValue<F[number]>[]] {
  const [first, ...rest]: readonly F[number][] = fields;
  if (first === undefined) throw new Error('A list sorts on at least one field');
  return [first, `-${first}` as const, ...rest.flatMap((field) => [field, `-${field}` as const])];
}

/** Whether `value` sorts on one of `fields` (the field, or the field after '-'). */
export function isSortValue<F extends string>(fields: readonly F[], value: string): value is SortValue<F> {
  return fields.some((field) => value === field || value === `-${field}`);
}

export function parseSort<F extends string>(value: SortValue<F>): { field: F; direction: 'asc' | 'desc' } {
  // A sort value is a field or '-' and a field (its type says so), so what follows '-' is the field.
  return value.startsWith('-')
    ? { field: value.slice(1) as F, direction: 'desc' }
    : { field: value as F, direction: 'asc' };
}

/** Sortable fields per list, shared by the server (whitelist) and the client (column headers). */
export const tenantSortFields = ['name', 'status', 'owner', 'createdAt'] as const;
export const userSortFields = ['name', 'email', 'globalRole', 'status', 'createdAt', 'lastLoginAt'] as const;
export const capabilitySortFields = ['id', 'name', 'status', 'category', 'version'] as const;
export const microfrontendSortFields = ['name', 'slug', 'createdAt'] as const;
export const webAppSortFields = ['name', 'status', 'environment', 'technology', 'createdAt'] as const;
export const webAppMeshSortFields = ['name', 'createdAt'] as const;
export const auditEventSortFields = ['createdAt', 'action', 'resourceType', 'actorEmail'] as const;

/** Sortable fields of the per-parent histories (versions of a microfrontend, a context's configurations). */
export const microfrontendVersionSortFields = ['createdAt', 'version', 'status'] as const;
export const notificationTemplateSortFields = ['name', 'createdAt'] as const;
export const userProfileSortFields = ['createdAt'] as const;

/** A search-as-you-type picker asks for this many options unless it says otherwise, and never more than OPTIONS_MAX. */
export const OPTIONS_DEFAULT_LIMIT = 20;
export const OPTIONS_MAX = 50;
