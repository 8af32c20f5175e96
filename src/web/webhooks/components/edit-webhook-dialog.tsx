import type { Webhook } from '@contract/webhooks';
import { FormDialog } from '@/components/form-dialog';
import { notifySuccess } from '@/components/notify';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import { useUpdateWebhook } from '@/webhooks/api/update-webhook';
import { WebhookFormFields } from '@/webhooks/components/webhook-form-fields';
import {
  webhookEditFormSchema,
  webhookFieldLabels,
  webhookFormFields,
  webhookFormValuesOf,
} from '@/webhooks/lib/webhook-form';

type EditWebhookDialogProps = {
  /** The subscription to edit; null: closed. */
  webhook: Webhook | null;
  onClose: () => void;
};

/** Edit webhook: its URL, description and, unless an audit stream, event types and environments. */
export function EditWebhookDialog({ webhook, onClose }: EditWebhookDialogProps) {
  return (
    <FormDialog
      open={webhook !== null}
      onOpenChange={(open) => !open && onClose()}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
      title="Edit webhook"
      description="Where it sends and what it receives; its kind and tenant stay as they are."
    >
      {webhook && <EditWebhookForm webhook={webhook} onDone={onClose} />}
    </FormDialog>
  );
}

const CREATE = { verb: 'Add', submit: 'Add webhook', pending: 'Adding...' };

function EditWebhookForm({ webhook, onDone }: { webhook: Webhook; onDone: () => void }) {
  const update = useUpdateWebhook();
  const { form, conflict, outcome } = useResourceForm({
    schema: webhookEditFormSchema,
    defaults: webhookFormValuesOf,
    resource: webhook,
    what: 'webhook',
    toField: oneOf(webhookFormFields),
    labels: webhookFieldLabels,
    onDone,
  });
  const onSubmit = form.handleSubmit((edit) =>
    update.mutate(
      { webhook, edit, ifMatch: conflict.revision() },
      outcome(
        (saved: Webhook) => notifySuccess('Webhook saved', `Deliveries go to ${saved.url}.`),
        'Failed to save the webhook.',
      ),
    ),
  );
  return (
    <SaveDialogForm
      editing
      noun="webhook"
      create={CREATE}
      pending={update.isPending}
      conflict={conflict}
      onSubmit={onSubmit}
    >
      <WebhookFormFields form={form} editing />
    </SaveDialogForm>
  );
}
