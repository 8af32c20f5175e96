import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { isoTimestamp, revisionColumn } from './columns';

/** The id of the one settings row: settings are installation-wide. */
export const SETTINGS_ROW_ID = 'global';

/**
 * Account and system settings: a single row (id 'global', held by a check). No row means the
 * defaults; the first save creates it.
 */
export const settings = pgTable(
  'settings',
  {
    id: text().primaryKey().default(SETTINGS_ROW_ID),
    accountEmail: text(),
    organization: text(),
    emailNotifications: boolean().notNull().default(true),
    autoScaling: boolean().notNull().default(false),
    /** Read on every state-changing request by a non-administrator (see settings/maintenance.ts). */
    maintenanceMode: boolean().notNull().default(false),
    /** When on, a production switch to a slot without a health check is refused (rollouts/gate.ts). */
    requireProductionHealthChecks: boolean().notNull().default(false),
    revision: revisionColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    /** Email of the administrator who saved last. */
    updatedBy: text(),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 'global'`)],
);
