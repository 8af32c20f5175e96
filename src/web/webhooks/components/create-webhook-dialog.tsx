import type { Webhook, WebhookWithSecret } from '@contract/webhooks';
import { DialogForm } from '@/components/dialog-form';
import type { DialogOpenProps } from '@/components/dialog-open';
import { notifySuccess } from '@/components/notify';
import { CreateThenRevealDialog } from '@/components/create-then-reveal-dialog';
import { oneOf, useResourceForm } from '@/concurrency';
import { useCreateWebhook } from '@/webhooks/api/create-webhook';
import { WebhookFormFields } from '@/webhooks/components/webhook-form-fields';
import { WebhookSecret } from '@/webhooks/components/webhook-secret';
import { WebhookTenantField } from '@/webhooks/components/webhook-tenant-field';
import {
  webhookFieldLabels,
  webhookFormDefaults,
  webhookFormFields,
  webhookFormSchema,
  type WebhookFormInput,
  type WebhookFormValues,
} from '@/webhooks/lib/webhook-form';

/**
 * Add webhook: the form, then the new subscription's signing secret, shown once. Each opening starts
 * from an empty form.
 */
export function CreateWebhookDialog(props: DialogOpenProps) {
  return (
    <CreateThenRevealDialog<WebhookWithSecret>
      {...props}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title="Add webhook"
      description="Send what happens in the console to a receiver’s URL, a Slack or Teams channel, or your SIEM."
      createdTitle="Webhook added"
      createdDescription={(created) => `Deliveries to ${created.url} are signed with this secret.`}
      form={(onCreated) => <WebhookForm onCreated={onCreated} />}
      reveal={(created) => <WebhookSecret webhook={created} />}
    />
  );
}

function WebhookForm({ onCreated }: { onCreated: (created: WebhookWithSecret) => void }) {
  const create = useCreateWebhook();
  const { form, outcome } = useResourceForm<WebhookFormInput, WebhookFormValues, Webhook>({
    schema: webhookFormSchema,
    defaults: () => webhookFormDefaults(),
    resource: undefined,
    what: 'webhook',
    toField: oneOf(webhookFormFields),
    labels: webhookFieldLabels,
    onDone: () => {},
  });
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(
      input,
      outcome((created: WebhookWithSecret) => {
        notifySuccess('Webhook added', `Deliveries to ${created.url} start with the next event.`);
        onCreated(created);
      }, 'Failed to add webhook.'),
    ),
  );
  return (
    <DialogForm
      label="Add webhook"
      pending={create.isPending}
      submitLabel="Add webhook"
      pendingLabel="Adding..."
      onSubmit={onSubmit}
    >
      <WebhookFormFields form={form} tenantField={<WebhookTenantField form={form} />} />
    </DialogForm>
  );
}
