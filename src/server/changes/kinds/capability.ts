import { and, asc, eq } from 'drizzle-orm';
import type { Capability } from '../../../contract/capabilities';
import type { Change } from '../../../contract/changes';
import type { NotificationTemplate } from '../../../contract/notification-templates';
import { createCapability, getCapability, updateCapability } from '../../capabilities/service';
import { createTemplate, getTemplate, updateTemplate } from '../../capabilities/templates-service';
import { capabilities, notificationTemplates } from '../../db/schema';
import type { Transaction } from '../../db/client';
import { badRequest } from '../../errors';
import { undoBy } from './inverse';
import { foundRow, madeInThisTransaction, withFound } from './natural-keys';
import { platformTarget, rowValuesOf } from './placement';
import { configurationValue, irreversible, type ChangeHandler } from './types';

type Kind<K extends Change['kind']> = Extract<Change, { kind: K }>;

/*
 * The platform's capability catalogue and notification templates, as a plan files them: global
 * administrators' changes (as their direct endpoints are), filed under production (placement.ts).
 */

/** A configuration schema is JSON text: reviewers read it parsed. */
const shownCapability = (fields: Record<string, unknown>) =>
  'configurationSchema' in fields && typeof fields.configurationSchema === 'string'
    ? { ...fields, configurationSchema: configurationValue(fields.configurationSchema) }
    : fields;

const ids = (rows: { id: string }[]) => JSON.stringify(rows.map((row) => row.id));

/** A new capability; its key is its name (the server picks its api-NNN id). */
export const capabilityCreate: ChangeHandler<Kind<'capability.create'>, Capability> = {
  target: async (_tx, { body }) => platformTarget(`Register capability ${body.name}`),
  async snapshot(tx, { body }) {
    const named = await tx
      .select({ id: capabilities.id })
      .from(capabilities)
      .where(eq(capabilities.name, body.name))
      .orderBy(asc(capabilities.id));
    return {
      fingerprint: ids(named),
      diff: [{ label: body.name, before: null, after: shownCapability(body) }],
    };
  },
  apply: (tx, { body }, actor) => createCapability(tx, body, actor),
  undo: async () =>
    irreversible(
      'No change deletes a capability: delete it in the catalogue (refused while tenants subscribe)',
    ),
};

/** A capability's fields, its configuration schema among them; the fingerprint is its revision. */
export const capabilityUpdate: ChangeHandler<Kind<'capability.update'>, Capability> = {
  async target(tx, { capabilityId, body }) {
    const row = await getCapability(tx, capabilityId);
    return platformTarget(`Edit capability ${row.name}: ${Object.keys(body).join(', ')}`);
  },
  async snapshot(tx, { capabilityId, body }) {
    const row = await getCapability(tx, capabilityId);
    const before = shownCapability(rowValuesOf(row, body));
    return {
      fingerprint: String(row.revision),
      diff: [{ label: row.name, before, after: shownCapability(body) }],
    };
  },
  async undo(tx, { capabilityId, body }) {
    const row = await getCapability(tx, capabilityId);
    return undoBy([{ kind: 'capability.update', capabilityId, body: rowValuesOf(row, body) }]);
  },
  apply: (tx, { capabilityId, body }, actor) => updateCapability(tx, capabilityId, body, actor),
};

const templateLabel = (t: { name: string; language: string; deliveryChannel: string }) =>
  `${t.name} · ${t.language} · ${t.deliveryChannel}`;

type TemplateChange = Kind<'notification_template.create'>;

/**
 * The capability a new template belongs to: by id, or by name for a plan that registers it in the same
 * release, with how a fingerprint names the one the name found (natural-keys.ts). A 400 naming the field
 * unless exactly one capability has that name.
 */
async function templateOwner(
  tx: Transaction,
  { body }: TemplateChange,
): Promise<{ capability: Capability; found: string[] }> {
  if (body.capabilityId) return { capability: await getCapability(tx, body.capabilityId), found: [] };
  const named = body.capabilityName
    ? await tx
        .select({ id: capabilities.id, madeHere: madeInThisTransaction(capabilities.createdAt) })
        .from(capabilities)
        .where(eq(capabilities.name, body.capabilityName))
    : [];
  const [only] = named;
  if (!only || named.length > 1) {
    const message = !body.capabilityName
      ? 'capabilityId or capabilityName is required'
      : `${named.length > 1 ? 'More than one capability is' : 'No capability is'} named ${body.capabilityName}`;
    throw badRequest(message, [{ path: 'body.capabilityName', message }]);
  }
  return { capability: await getCapability(tx, only.id), found: [foundRow(only)] };
}

/** A new notification template of a capability; its key is name, language and channel there. */
export const templateCreate: ChangeHandler<TemplateChange, NotificationTemplate> = {
  async target(tx, change) {
    const { capability } = await templateOwner(tx, change);
    return platformTarget(`New notification template ${templateLabel(change.body)} of ${capability.name}`);
  },
  async snapshot(tx, change) {
    const { capabilityId: _id, capabilityName: _name, ...body } = change.body;
    const { capability, found } = await templateOwner(tx, change);
    const capabilityId = capability.id;
    const same = await tx
      .select({ id: notificationTemplates.id })
      .from(notificationTemplates)
      .where(
        and(
          eq(notificationTemplates.capabilityId, capabilityId),
          eq(notificationTemplates.name, body.name),
          eq(notificationTemplates.language, body.language),
          eq(notificationTemplates.deliveryChannel, body.deliveryChannel),
        ),
      )
      .orderBy(asc(notificationTemplates.id));
    return {
      // The named capability too: another one given that name meanwhile makes the request stale.
      fingerprint: withFound(ids(same), found),
      diff: [{ label: templateLabel(body), before: null, after: body }],
    };
  },
  async apply(tx, change, actor) {
    const { capabilityName: _name, ...body } = change.body;
    const { capability } = await templateOwner(tx, change);
    return createTemplate(tx, { ...body, capabilityId: capability.id }, actor);
  },
  undo: async () =>
    irreversible(
      'No change deletes a notification template: delete it on its capability (that can be undone there)',
    ),
};

/** A template's fields; the fingerprint is its revision. */
export const templateUpdate: ChangeHandler<Kind<'notification_template.update'>, NotificationTemplate> = {
  async target(tx, { templateId }) {
    return platformTarget(`Edit notification template ${templateLabel(await getTemplate(tx, templateId))}`);
  },
  async snapshot(tx, { templateId, body }) {
    const row = await getTemplate(tx, templateId);
    return {
      fingerprint: String(row.revision),
      diff: [{ label: templateLabel(row), before: rowValuesOf(row, body), after: body }],
    };
  },
  async undo(tx, { templateId, body }) {
    const row = await getTemplate(tx, templateId);
    return undoBy([{ kind: 'notification_template.update', templateId, body: rowValuesOf(row, body) }]);
  },
  apply: (tx, { templateId, body }, actor) => updateTemplate(tx, templateId, body, actor),
};
