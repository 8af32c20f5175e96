import { z } from 'zod';
import { timestampSchema, revisionSchema } from './common';

export const templateLanguages = ['en', 'es', 'fr', 'de', 'zh'] as const;
export const templateLanguageSchema = z.enum(templateLanguages);
export type TemplateLanguage = z.infer<typeof templateLanguageSchema>;
export const templateLanguageNames: Record<TemplateLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  zh: 'Chinese',
};

export const deliveryChannels = ['email', 'sms', 'inapp', 'chat'] as const;
export const deliveryChannelSchema = z.enum(deliveryChannels);
export type DeliveryChannel = z.infer<typeof deliveryChannelSchema>;
export const deliveryChannelNames: Record<DeliveryChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  inapp: 'In-app',
  chat: 'Chat',
};

export const templateStatuses = ['active', 'inactive'] as const;
export const templateStatusSchema = z.enum(templateStatuses);
export type TemplateStatus = z.infer<typeof templateStatusSchema>;
export const templateStatusNames: Record<TemplateStatus, string> = { active: 'Active', inactive: 'Inactive' };

export const notificationTemplateSchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  capabilityId: z.string(),
  name: z.string(),
  language: templateLanguageSchema,
  deliveryChannel: deliveryChannelSchema,
  subject: z.string().nullable(),
  content: z.string(),
  variables: z.array(z.string()),
  status: templateStatusSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  createdBy: z.string(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

/** A variable is a name: letters, digits and underscores. Written {{name}} in subject and content. */
export const TEMPLATE_VARIABLE_PATTERN = /^[A-Za-z0-9_]+$/;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * Variables as typed in the form: comma separated, trimmed, empties dropped (docs/product.md,
 * Validation).
 */
export function parseVariables(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The {{names}} used in a text, in order of first use. */
export function placeholdersIn(text: string | null | undefined): string[] {
  return [...new Set([...(text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

export const templateInputSchema = z.object({
  capabilityId: z.string().min(1).max(200),
  name: z.string().trim().min(1, 'Name is required').max(200),
  language: templateLanguageSchema,
  deliveryChannel: deliveryChannelSchema,
  subject: z.string().trim().max(500).nullable().optional(),
  content: z.string().trim().min(1, 'Content is required').max(20_000),
  variables: z
    .array(
      z
        .string()
        .trim()
        .regex(TEMPLATE_VARIABLE_PATTERN, 'Variables are names of letters, digits and underscores'),
    )
    .max(100)
    .optional(),
  status: templateStatusSchema.optional(),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;
export const templatePatchSchema = templateInputSchema.omit({ capabilityId: true }).partial();
export type TemplatePatch = z.infer<typeof templatePatchSchema>;

/** Rules across fields, for the form and the server alike: subject for email only, every placeholder declared. */
export function templateProblems(t: {
  deliveryChannel: string;
  subject?: string | null;
  content: string;
  variables: string[];
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (t.deliveryChannel === 'email' && !t.subject?.trim())
    problems.push({ path: 'subject', message: 'Subject is required for email' });
  const declared = new Set(t.variables);
  for (const field of ['subject', 'content'] as const) {
    const undeclared = placeholdersIn(t[field]).filter((name) => !declared.has(name));
    if (undeclared.length > 0) {
      problems.push({
        path: field,
        message: `Undeclared variables: ${undeclared.map((n) => `{{${n}}}`).join(', ')}`,
      });
    }
  }
  return problems;
}

/** Renders a template text with sample values, for the preview. */
export function renderTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}
