import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import type { WebhookActions } from '@/webhooks/components/use-webhook-actions';
import { WebhookSecretDialog } from '@/webhooks/components/webhook-secret-dialog';

/** The delivery log's table is a chunk of its own, fetched once the card is idle. */
const DeliveryLogDialog = lazyDialog(
  () => import('@/webhooks/components/delivery-log-dialog').then((m) => m.DeliveryLogDialog),
  (props) => props.webhook !== null,
);

/** Edit webhook's form shares Add webhook's fields: a chunk of its own too. */
const EditWebhookDialog = lazyDialog(
  () => import('@/webhooks/components/edit-webhook-dialog').then((m) => m.EditWebhookDialog),
  (props) => props.webhook !== null,
);

/** The dialogs the row actions open: Edit, the delivery log, Rotate secret (then its secret) and Delete. */
export function WebhookDialogs({ actions }: { actions: WebhookActions }) {
  const { rotation, deletion, log, edit } = actions;
  return (
    <>
      <EditWebhookDialog webhook={edit.webhook} onClose={edit.close} />
      <DeliveryLogDialog webhook={log.webhook} onClose={log.close} />
      <ConfirmDialog
        open={rotation.subject.open && rotation.subject.webhook !== null}
        title="Rotate signing secret?"
        description={`A new secret signs deliveries to ${rotation.subject.webhook?.url ?? ''} from now on; the old one keeps signing too for 24 hours, time to update the receiver.`}
        pending={rotation.pending}
        confirmLabel="Rotate secret"
        pendingLabel="Rotating..."
        confirmVariant="default"
        onConfirm={rotation.confirm}
        onClose={rotation.cancel}
      />
      <WebhookSecretDialog
        title="New signing secret"
        description={`Deliveries to ${rotation.result?.url ?? ''} are signed with it from now on.`}
        webhook={rotation.result}
        onClose={rotation.done}
      />
      <ConfirmDialog
        open={deletion.subject.open && deletion.subject.webhook !== null}
        title="Delete webhook?"
        description={`Nothing more is sent to ${deletion.subject.webhook?.url ?? ''}, and its delivery log goes with it. This cannot be undone.`}
        pending={deletion.pending}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        onConfirm={deletion.confirm}
        onClose={deletion.cancel}
      />
    </>
  );
}
