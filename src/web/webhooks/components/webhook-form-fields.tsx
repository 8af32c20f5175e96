import { environmentNames, environments } from '@contract/vocabulary';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormTextField } from '@/components/form-text-field';
import { CheckboxList } from '@/webhooks/components/checkbox-list';
import { WebhookTenantField } from '@/webhooks/components/webhook-tenant-field';
import {
  eventTypeChoices,
  webhookFieldLabels,
  type WebhookFormInput,
  type WebhookFormValues,
} from '@/webhooks/lib/webhook-form';

type Form = UseFormReturn<WebhookFormInput, unknown, WebhookFormValues>;

const environmentChoices = environments.map((value) => ({ value, label: environmentNames[value] }));

/** Add webhook's fields: where, what, which environments, whose events. */
export function WebhookFormFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="space-y-5">
      <FormTextField
        form={form}
        name="url"
        id="webhook-url"
        label={webhookFieldLabels.url}
        placeholder="https://example.com/hooks/console"
        description="Where deliveries go: http or https; loopback and private addresses are refused."
      />
      <FormTextField
        form={form}
        name="description"
        id="webhook-description"
        label={webhookFieldLabels.description}
        rows={2}
      />
      <Controller
        control={form.control}
        name="eventTypes"
        render={({ field }) => (
          <CheckboxList
            id="webhook-eventTypes"
            legend={webhookFieldLabels.eventTypes}
            choices={eventTypeChoices}
            value={field.value}
            onChange={field.onChange}
            error={errors.eventTypes}
          />
        )}
      />
      <Controller
        control={form.control}
        name="environments"
        render={({ field }) => (
          <CheckboxList
            id="webhook-environments"
            legend={webhookFieldLabels.environments}
            description="None ticked: every environment."
            choices={environmentChoices}
            value={field.value}
            onChange={field.onChange}
            error={errors.environments}
          />
        )}
      />
      <WebhookTenantField form={form} />
    </div>
  );
}
