import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';
import { tenants } from './tenants';
import type { Environment, Technology } from '../../../contract/common';
import type { WebAppStatus } from '../../../contract/web-apps';

export const webApps = pgTable(
  'web_apps',
  {
    id: idColumn(),
    name: text().notNull(),
    description: text(),
    technology: text().$type<Technology>().notNull(),
    status: text().$type<WebAppStatus>().notNull().default('provisioning'),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    environment: text().$type<Environment>().notNull().default('development'),
    region: text(),
    url: text(),
    useStandardHeader: boolean().default(false),
    useStandardFooter: boolean().default(false),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('web_apps_tenant_idx').on(t.tenantId),
    searchIndex('web_apps_name_search_idx', t.name),
    searchIndex('web_apps_description_search_idx', t.description),
    searchIndex('web_apps_technology_search_idx', t.technology),
    sortIndex('web_apps_name_sort_idx', t.name, t.id),
    sortIndex('web_apps_status_sort_idx', t.status, t.id),
    sortIndex('web_apps_environment_sort_idx', t.environment, t.id),
    sortIndex('web_apps_technology_sort_idx', t.technology, t.id),
    sortIndex('web_apps_created_sort_idx', t.createdAt, t.id),
    check('web_apps_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);
