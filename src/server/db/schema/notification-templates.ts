import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { capabilities } from './capabilities';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import type {
  DeliveryChannel,
  TemplateLanguage,
  TemplateStatus,
} from '../../../contract/notification-templates';

export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: idColumn(),
    capabilityId: text()
      .notNull()
      .references(() => capabilities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    language: text().$type<TemplateLanguage>().notNull(),
    deliveryChannel: text().$type<DeliveryChannel>().notNull(),
    /** Email only (sms, inapp and chat have none). */
    subject: text(),
    content: text().notNull(),
    variables: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().$type<TemplateStatus>().notNull().default('active'),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    createdBy: text().notNull().default('system'),
  },
  (t) => [
    index('notification_templates_capability_idx').on(t.capabilityId),
    check('notification_templates_language', sql`${t.language} in ('en', 'es', 'fr', 'de', 'zh')`),
    check('notification_templates_channel', sql`${t.deliveryChannel} in ('email', 'sms', 'inapp', 'chat')`),
    check('notification_templates_status', sql`${t.status} in ('active', 'inactive')`),
  ],
);
