import { environmentSchema } from '@contract/common';
import {
  ALL_WEBHOOK_EVENTS,
  namedWebhookEventTypes,
  webhookInputSchema,
  type WebhookInput,
} from '@contract/webhooks';
import { z } from 'zod';

/**
 * Add webhook's form: the contract's input with form-shaped fields (no environment ticked means every
 * environment; an empty tenant is the platform), validated by the contract's own schema.
 */
export const webhookFormSchema = z
  .object({
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    environments: z.array(environmentSchema),
    tenantId: z.string(),
  })
  .transform(({ environments, tenantId, ...rest }): WebhookInput => ({
    ...rest,
    environments: environments.length > 0 ? environments : null,
    tenantId: tenantId === '' ? null : tenantId,
  }))
  .pipe(webhookInputSchema);

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

/** The body fields a 400's issues can name, each a field of the form. */
export const webhookFormFields = ['url', 'description', 'eventTypes', 'environments', 'tenantId'] as const;

export const webhookFieldLabels: Record<keyof WebhookFormInput, string> = {
  url: 'URL',
  description: 'Description',
  eventTypes: 'Event types',
  environments: 'Environments',
  tenantId: 'Tenant',
};

export const webhookFormDefaults = (tenantId = ''): WebhookFormInput => ({
  url: '',
  description: '',
  eventTypes: [ALL_WEBHOOK_EVENTS],
  environments: [],
  tenantId,
});

/** The event types the form offers: every event, then the named ones. */
export const eventTypeChoices: { value: string; label: string }[] = [
  { value: ALL_WEBHOOK_EVENTS, label: 'All events' },
  ...namedWebhookEventTypes.map((type) => ({ value: type, label: type })),
];
