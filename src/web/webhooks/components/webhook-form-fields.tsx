import type { WebhookKind } from '@contract/webhooks';
import { environmentNames, environments } from '@contract/vocabulary';
import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useIsAdmin } from '@/auth';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { CheckboxList } from '@/webhooks/components/checkbox-list';
import { eventTypeChoices, webhookFieldLabels, type WebhookFormInput } from '@/webhooks/lib/webhook-form';
import { addableKinds, auditStreamFormatLabels, webhookKindLabels } from '@/webhooks/lib/webhook-view';

const environmentChoices = environments.map((value) => ({ value, label: environmentNames[value] }));
const formatChoices = Object.entries(auditStreamFormatLabels).map(([value, label]) => ({ value, label }));

/** What the URL field asks for, by kind. */
const urlHints: Record<WebhookKind, string> = {
  webhook: 'Where deliveries go: http or https; loopback and private addresses are refused.',
  slack: 'A Slack incoming-webhook URL (https://hooks.slack.com/services/…).',
  teams: 'A Microsoft Teams incoming-webhook or Workflows URL.',
  audit_stream: 'Your SIEM’s HTTP collector: batches of audit events are POSTed here, signed.',
};

type WebhookFormFieldsProps<Out> = {
  form: UseFormReturn<WebhookFormInput, unknown, Out>;
  /** Editing: the kind, format and tenant stay as they are. */
  editing?: boolean;
  /** Adding: whose events (WebhookTenantField); not for an audit stream. */
  tenantField?: ReactNode;
};

/**
 * A subscription's fields: its kind (when adding), where, and what it receives. An audit stream
 * receives every event, so it has no event types, environments or tenant: only a format.
 */
export function WebhookFormFields<Out>({ form, editing = false, tenantField }: WebhookFormFieldsProps<Out>) {
  const isAdmin = useIsAdmin();
  const kind = useWatch({ control: form.control, name: 'kind' });
  const kindChoices = addableKinds(isAdmin).map((value) => ({ value, label: webhookKindLabels[value] }));
  return (
    <div className="space-y-5">
      {!editing && (
        <FormSelect control={form.control} name="kind" id="webhook-kind" label="Kind" options={kindChoices} />
      )}
      <FormTextField
        form={form}
        name="url"
        id="webhook-url"
        label={webhookFieldLabels.url}
        placeholder="https://example.com/hooks/console"
        description={urlHints[kind]}
      />
      <FormTextField
        form={form}
        name="description"
        id="webhook-description"
        label={webhookFieldLabels.description}
        rows={2}
      />
      {kind === 'audit_stream' ? (
        <>
          <p className="text-sm text-muted-foreground" data-testid="audit-stream-note">
            An audit stream receives every audit event of the platform, exactly as stored.
          </p>
          {!editing && (
            <FormSelect
              control={form.control}
              name="format"
              id="webhook-format"
              label={webhookFieldLabels.format}
              options={formatChoices}
            />
          )}
        </>
      ) : (
        <>
          <ReceivedFields form={form} />
          {tenantField}
        </>
      )}
    </div>
  );
}

/** Which events it takes: event types, and environments (none ticked: every one). */
function ReceivedFields<Out>({ form }: { form: UseFormReturn<WebhookFormInput, unknown, Out> }) {
  const { errors } = form.formState;
  return (
    <>
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
    </>
  );
}
