import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { NotificationTemplateListQuery } from '../../contract/lists';
import { tableFrom } from '../db/lazy-select';
import { containsAny, pageQueries, offsetWindow, orderByFor, runList, type ListPage } from '../db/list';
import {
  notificationTemplateSchema,
  templateProblems,
  type NotificationTemplate,
  type TemplateInput,
  type TemplatePatch,
} from '../../contract/notification-templates';
import { lastDeletedRow, recordAudit, recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { capabilities, notificationTemplates } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { deleteInTransaction, readRevisioned, revisionedRows, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { getCapability } from './service';

const templateSortColumns = { name: notificationTemplates.name, createdAt: notificationTemplates.createdAt };

/** Notification templates as revisioned writes see them. */
const templateRows = revisionedRows(notificationTemplates, getTableColumns(notificationTemplates), {
  label: 'Notification template',
  resourceType: 'notification-template',
  action: 'template',
});

/** One notification template; 404 when there is none. */
export async function getTemplate(db: Executor, id: string): Promise<NotificationTemplate> {
  return readRevisioned(db, templateRows, id);
}

/**
 * A capability's notification templates, by name then language unless sorted, searched by name;
 * 404 when the capability does not exist.
 */
export async function listTemplates(
  db: Executor,
  capabilityId: string,
  query: NotificationTemplateListQuery,
): Promise<ListPage<NotificationTemplate>> {
  await getCapability(db, capabilityId);
  const where = and(
    eq(notificationTemplates.capabilityId, capabilityId),
    containsAny(query.q, [notificationTemplates.name]),
  );
  // A capability holds a handful of templates, and the default order (name, language) is not one
  // sort column: offset paging only (the contract takes no cursor here).
  const window = offsetWindow(query);
  const orderBy = query.sort
    ? orderByFor(query.sort, 'name', templateSortColumns, notificationTemplates.id)
    : [asc(notificationTemplates.name), asc(notificationTemplates.language), asc(notificationTemplates.id)];
  const from = tableFrom(notificationTemplates);
  return runList(db, pageQueries(db, from, { table: notificationTemplates, where, window, orderBy }));
}

type TemplateFields = Omit<
  NotificationTemplate,
  'id' | 'revision' | 'capabilityId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;

/** Applies the cross-field rules: subject only for email (dropped otherwise), every placeholder declared. */
function checkedFields(fields: TemplateFields): TemplateFields {
  const normalised = {
    ...fields,
    subject: fields.deliveryChannel === 'email' ? (fields.subject ?? null) : null,
  };
  const problems = templateProblems(normalised);
  if (problems.length > 0) {
    throw badRequest(
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ ...p, path: `body.${p.path}` })),
    );
  }
  return normalised;
}

async function assertCarriesTemplates(db: Executor, capabilityId: string): Promise<void> {
  const [capability] = await db
    .select({ name: capabilities.name, supports: capabilities.supportsNotificationTemplates })
    .from(capabilities)
    .where(eq(capabilities.id, capabilityId));
  if (!capability) throw notFound('Capability');
  if (!capability.supports) throw conflict(`${capability.name} does not carry notification templates`);
}

export async function createTemplate(
  db: Database,
  input: TemplateInput,
  actor: Actor,
): Promise<NotificationTemplate> {
  const fields = checkedFields({
    name: input.name,
    language: input.language,
    deliveryChannel: input.deliveryChannel,
    subject: input.subject ?? null,
    content: input.content,
    variables: input.variables ?? [],
    status: input.status ?? 'active',
  });
  return db.transaction(async (tx) => {
    await assertCarriesTemplates(tx, input.capabilityId);
    const inserted = await tx
      .insert(notificationTemplates)
      .values({ ...fields, capabilityId: input.capabilityId, createdBy: actor.email })
      .returning();
    return recordCreated(tx, actor, inserted, {
      action: 'template.create',
      resourceType: 'notification-template',
      changes: () => ({ after: fields }),
    });
  });
}

export async function updateTemplate(
  db: Database,
  id: string,
  patch: TemplatePatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<NotificationTemplate> {
  return db.transaction((tx) =>
    updateRevisioned(tx, templateRows, id, expectedRevision, actor, (before) => {
      const fields = checkedFields({
        name: patch.name ?? before.name,
        language: patch.language ?? before.language,
        deliveryChannel: patch.deliveryChannel ?? before.deliveryChannel,
        subject: patch.subject === undefined ? before.subject : patch.subject,
        content: patch.content ?? before.content,
        variables: patch.variables ?? before.variables,
        status: patch.status ?? before.status,
      });
      return { set: { ...fields, updatedAt: sql`now()` }, changes: () => ({ before, after: fields }) };
    }),
  );
}

export const deleteTemplate = deleteInTransaction(templateRows, (_tx, before) => ({ before }));

/**
 * Undo of a delete: puts the template back exactly as its deletion recorded it (same id, fields, author
 * and creation time), with the next revision so that forms still holding the old one get 412. 404 when
 * no deletion of that id is on record; 409 when a template with that id exists again or its capability
 * no longer carries templates.
 */
export async function restoreTemplate(db: Database, id: string, actor: Actor): Promise<NotificationTemplate> {
  return db.transaction(async (tx) => {
    const deleted = await lastDeletedRow(tx, 'template.delete', id);
    if (!deleted) throw notFound('Deleted notification template');
    const parsed = notificationTemplateSchema.safeParse(deleted.row);
    if (!parsed.success || parsed.data.id !== id) {
      throw conflict('The deleted notification template was not recorded in full and cannot be restored');
    }
    const before = parsed.data;
    await assertCarriesTemplates(tx, before.capabilityId);
    const [existing] = await tx
      .select({ id: notificationTemplates.id })
      .from(notificationTemplates)
      .where(eq(notificationTemplates.id, id))
      .for('update');
    if (existing) throw conflict('This notification template exists again: there is nothing to restore');
    const [restored] = await tx
      .insert(notificationTemplates)
      .values({ ...before, revision: before.revision + 1, updatedAt: sql`now()` })
      .onConflictDoNothing()
      .returning();
    // A concurrent restore of the same id won the insert.
    if (!restored) throw conflict('This notification template exists again: there is nothing to restore');
    await recordAudit(tx, actor, {
      action: 'template.restore',
      resourceType: 'notification-template',
      resourceId: id,
      changes: { after: restored },
    });
    return restored;
  });
}
