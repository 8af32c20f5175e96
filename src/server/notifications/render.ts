import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { capabilities, notificationTemplates } from '../db/schema';
import { defaultTemplate, type DefaultTemplate } from './defaults';
import type { NotificationEvent, ProductChannel } from './events';

export type { NotificationEvent, ProductChannel } from './events';

export interface NotificationInput {
  event: NotificationEvent;
  channel: ProductChannel;
  vars: Record<string, string>;
}

export interface RenderedNotification {
  subject: string;
  text: string;
}

/** A value on one line: its line breaks (and the white space around them) become one space. */
export const oneLine = (value: string): string => value.replace(/\s*[\r\n]+\s*/g, ' ').trim();

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Fills {{name}} placeholders. Unlike the console's preview (which leaves an unknown one showing), a
 * message that goes out never shows template syntax: a variable the sender has no value for is empty.
 */
export function fill(text: string, vars: Record<string, string>): string {
  // Own keys only: {{constructor}} or {{__proto__}} name no variable, and render empty like any unknown one.
  return text.replace(
    PLACEHOLDER,
    (_whole, name: string) => (Object.hasOwn(vars, name) ? vars[name] : '') ?? '',
  );
}

/**
 * The administrators' own template for an event and channel, if there is one: active, English, named as
 * the event, on a capability that carries notification templates (the newest edit wins if several).
 */
async function overrideOf(db: Executor, input: NotificationInput): Promise<DefaultTemplate | undefined> {
  const [row] = await db
    .select({ subject: notificationTemplates.subject, content: notificationTemplates.content })
    .from(notificationTemplates)
    .innerJoin(capabilities, eq(capabilities.id, notificationTemplates.capabilityId))
    .where(
      and(
        eq(capabilities.supportsNotificationTemplates, true),
        eq(notificationTemplates.name, input.event),
        eq(notificationTemplates.deliveryChannel, input.channel),
        eq(notificationTemplates.language, 'en'),
        eq(notificationTemplates.status, 'active'),
      ),
    )
    .orderBy(desc(notificationTemplates.updatedAt), desc(notificationTemplates.id))
    .limit(1);
  return row && { subject: row.subject ?? '', text: row.content };
}

/**
 * The subject and text of a notification: the administrators' template where they wrote one
 * (docs/notifications.md, "Templates"), else the built-in one. Chat has no subject (empty).
 */
export async function renderNotification(
  db: Executor,
  input: NotificationInput,
): Promise<RenderedNotification> {
  const template = (await overrideOf(db, input)) ?? defaultTemplate(input.event, input.channel);
  const subject = input.channel === 'chat' ? '' : fill(template.subject, input.vars);
  // A subject is one line: a value with a line break must not start the body or a header.
  return { subject: oneLine(subject), text: fill(template.text, input.vars) };
}
