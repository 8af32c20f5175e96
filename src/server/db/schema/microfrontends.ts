import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';
import { tenants } from './tenants';
import type { MicrofrontendVersionStatus, ModuleType } from '../../../contract/microfrontends';

export const microfrontends = pgTable(
  'microfrontends',
  {
    id: idColumn(),
    slug: text().notNull().unique('microfrontends_slug_unique'),
    name: text().notNull(),
    description: text(),
    repository: text(),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    createdBy: text(),
  },
  (t) => [
    searchIndex('microfrontends_name_search_idx', t.name),
    searchIndex('microfrontends_slug_search_idx', t.slug),
    searchIndex('microfrontends_description_search_idx', t.description),
    sortIndex('microfrontends_name_sort_idx', t.name, t.id),
    sortIndex('microfrontends_slug_sort_idx', t.slug, t.id),
    sortIndex('microfrontends_created_sort_idx', t.createdAt, t.id),
  ],
);

export const microfrontendVersions = pgTable(
  'microfrontend_versions',
  {
    id: idColumn(),
    microfrontendId: text()
      .notNull()
      .references(() => microfrontends.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    status: text().$type<MicrofrontendVersionStatus>().notNull().default('draft'),
    entryUrl: text(),
    moduleType: text().$type<ModuleType>().notNull().default('module-federation'),
    /** JSON text: list of exposed module names. */
    exposedModules: text(),
    /** JSON text. */
    sharedDependencies: text(),
    /** JSON text. */
    defaultConfig: text(),
    /** JSON text. */
    buildMetadata: text(),
    integrityHash: text(),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    createdBy: text(),
  },
  (t) => [
    uniqueIndex('microfrontend_versions_number_unique').on(t.microfrontendId, t.version),
    // A microfrontend's versions page: newest first, or by status, within the one microfrontend.
    index('microfrontend_versions_created_sort_idx').on(t.microfrontendId, t.createdAt, t.id),
    index('microfrontend_versions_status_sort_idx').on(t.microfrontendId, t.status, t.id),
    check('microfrontend_versions_status', sql`${t.status} in ('draft', 'published', 'deprecated')`),
  ],
);

export const webAppMeshes = pgTable(
  'web_app_meshes',
  {
    id: idColumn(),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** JSON text: list of {id, label, microfrontendVersionId, config, order}. */
    menuItems: text().notNull(),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    createdBy: text(),
  },
  (t) => [
    index('web_app_meshes_tenant_idx').on(t.tenantId),
    sortIndex('web_app_meshes_name_sort_idx', t.name, t.id),
    sortIndex('web_app_meshes_created_sort_idx', t.createdAt, t.id),
  ],
);
