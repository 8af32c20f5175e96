import { z } from 'zod';
import {
  deliveryChannels,
  parseVariables,
  templateInputSchema,
  templateLanguages,
  templateProblems,
  templateStatuses,
  type NotificationTemplate,
  type TemplatePatch,
} from '@contract/notification-templates';
import { isOneOf } from '@contract/sets';

/** The template form: the contract's fields, with the variables as typed (comma separated). */
export const templateFormSchema = templateInputSchema.omit({ capabilityId: true, variables: true }).extend({
  language: z.enum(templateLanguages),
  deliveryChannel: z.enum(deliveryChannels),
  status: z.enum(templateStatuses),
  subject: z.string().max(500),
  variablesText: z.string().superRefine((text, ctx) => {
    const parsed = templateInputSchema.shape.variables.safeParse(parseVariables(text));
    if (!parsed.success)
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid variables' });
  }),
});
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateFormValues = z.output<typeof templateFormSchema>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T): T =>
  isOneOf(values, value) ? value : fallback;

export function templateFormDefaults(template?: NotificationTemplate): TemplateFormInput {
  return {
    name: template?.name ?? '',
    language: oneOf(templateLanguages, template?.language, 'en'),
    deliveryChannel: oneOf(deliveryChannels, template?.deliveryChannel, 'email'),
    subject: template?.subject ?? '',
    content: template?.content ?? '',
    variablesText: template?.variables.join(', ') ?? '',
    status: oneOf(templateStatuses, template?.status, 'active'),
  };
}

/** The subject travels for email only. */
export const subjectFor = (values: Pick<TemplateFormInput, 'deliveryChannel' | 'subject'>) =>
  values.deliveryChannel === 'email' ? values.subject.trim() || null : null;

/** The rules across fields (docs/product.md, Validation; and the contract), on what the form holds now. */
export function formTemplateProblems(values: TemplateFormInput) {
  return templateProblems({
    deliveryChannel: values.deliveryChannel,
    subject: subjectFor(values),
    content: values.content,
    variables: parseVariables(values.variablesText),
  });
}

/** The request body (PATCH body; POST adds capabilityId). */
export function toTemplateBody(values: TemplateFormValues): Required<TemplatePatch> {
  return {
    name: values.name,
    language: values.language,
    deliveryChannel: values.deliveryChannel,
    subject: subjectFor(values),
    content: values.content,
    variables: parseVariables(values.variablesText),
    status: values.status,
  };
}

/** A body field named by a 400 -> the form field showing it. */
export const templateFieldOf = (bodyField: string): keyof TemplateFormInput | undefined =>
  bodyField === 'variables'
    ? 'variablesText'
    : (['name', 'language', 'deliveryChannel', 'subject', 'content', 'status'] as const).find(
        (f) => f === bodyField,
      );

/** A sample value for each variable, for the preview: `name` -> 'Sample name'. */
export const sampleValue = (name: string) => `Sample ${name}`;
