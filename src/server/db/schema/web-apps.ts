import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, revisionColumn } from './columns';
import { tenants } from './tenants';

export const webApps = pgTable(
  'web_apps',
  {
    id: idColumn(),
    name: text().notNull(),
    description: text(),
    technology: text().notNull(),
    status: text().notNull().default('provisioning'),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    environment: text().notNull().default('development'),
    region: text(),
    url: text(),
    useStandardHeader: boolean().default(false),
    useStandardFooter: boolean().default(false),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('web_apps_tenant_idx').on(t.tenantId),
    check('web_apps_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);
