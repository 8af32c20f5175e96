import { environmentSchema } from '@contract/common';
import {
  ALL_WEBHOOK_EVENTS,
  auditStreamFormats,
  namedWebhookEventTypes,
  webhookInputSchema,
  webhookKinds,
  webhookUpdateSchema,
  type Webhook,
  type WebhookInput,
} from '@contract/webhooks';
import { z } from 'zod';

/** The form's fields, the same for adding and editing (an edit leaves kind, format and tenant as they are). */
const webhookFormFieldsSchema = z.object({
  kind: z.enum(webhookKinds),
  format: z.enum(auditStreamFormats),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  environments: z.array(environmentSchema),
  tenantId: z.string(),
});

/** No environment ticked means every environment. */
const environmentsOf = (environments: readonly z.infer<typeof environmentSchema>[]) =>
  environments.length > 0 ? [...environments] : null;

/**
 * Add webhook's form: the contract's input with form-shaped fields (no environment ticked means every
 * environment; an empty tenant is the platform), validated by the contract's own schema. An audit stream
 * sends no event types, environments or tenant: it receives every event.
 */
export const webhookFormSchema = webhookFormFieldsSchema
  .transform(({ kind, format, environments, tenantId, eventTypes, ...rest }): WebhookInput =>
    kind === 'audit_stream'
      ? { ...rest, kind, format }
      : {
          ...rest,
          kind,
          eventTypes,
          environments: environmentsOf(environments),
          tenantId: tenantId === '' ? null : tenantId,
        },
  )
  .pipe(webhookInputSchema);

/** Edit webhook's form: URL and description, and what it receives unless it is an audit stream. */
export const webhookEditFormSchema = webhookFormFieldsSchema
  .transform(({ kind, url, description, eventTypes, environments }): z.input<typeof webhookUpdateSchema> =>
    kind === 'audit_stream'
      ? { url, description }
      : { url, description, eventTypes, environments: environmentsOf(environments) },
  )
  .pipe(webhookUpdateSchema);

export type WebhookFormInput = z.input<typeof webhookFormFieldsSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;
export type WebhookEditValues = z.output<typeof webhookEditFormSchema>;

/** The body fields a 400's issues can name, each a field of the form. */
export const webhookFormFields = [
  'kind',
  'format',
  'url',
  'description',
  'eventTypes',
  'environments',
  'tenantId',
] as const;

export const webhookFieldLabels: Record<keyof WebhookFormInput, string> = {
  kind: 'Kind',
  format: 'Format',
  url: 'URL',
  description: 'Description',
  eventTypes: 'Event types',
  environments: 'Environments',
  tenantId: 'Tenant',
};

export const webhookFormDefaults = (tenantId = ''): WebhookFormInput => ({
  kind: 'webhook',
  format: 'ndjson',
  url: '',
  description: '',
  eventTypes: [ALL_WEBHOOK_EVENTS],
  environments: [],
  tenantId,
});

/** A subscription's values in the form, to edit it. */
export const webhookFormValuesOf = (webhook?: Webhook): WebhookFormInput =>
  webhook
    ? {
        kind: webhook.kind,
        format: webhook.format ?? 'ndjson',
        url: webhook.url,
        description: webhook.description,
        eventTypes: webhook.eventTypes,
        environments: webhook.environments ?? [],
        tenantId: webhook.tenantId ?? '',
      }
    : webhookFormDefaults();

/** The event types the form offers: every event, then the named ones. */
export const eventTypeChoices: { value: string; label: string }[] = [
  { value: ALL_WEBHOOK_EVENTS, label: 'All events' },
  ...namedWebhookEventTypes.map((type) => ({ value: type, label: type })),
];
