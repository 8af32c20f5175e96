import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { tenants } from './tenants';

export const microfrontends = pgTable('microfrontends', {
  id: idColumn(),
  slug: text().notNull().unique('microfrontends_slug_unique'),
  name: text().notNull(),
  description: text(),
  repository: text(),
  revision: revisionColumn(),
  createdAt: createdAtColumn(),
  createdBy: text(),
});

export const microfrontendVersions = pgTable(
  'microfrontend_versions',
  {
    id: idColumn(),
    microfrontendId: text()
      .notNull()
      .references(() => microfrontends.id, { onDelete: 'cascade' }),
    version: text().notNull(),
    status: text().notNull().default('draft'),
    entryUrl: text(),
    moduleType: text().notNull().default('module-federation'),
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
  (t) => [index('web_app_meshes_tenant_idx').on(t.tenantId)],
);
