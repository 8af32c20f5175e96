import type { WebhookDelivery } from '@contract/webhooks';
import { RotateCcw } from 'lucide-react';
import { notifyError, notifyProblem, notifySuccess } from '@/components/notify';
import { Button } from '@/components/ui/button';
import { useRedeliverWebhookDelivery } from '@/webhooks/api/redeliver-webhook-delivery';

type RedeliverButtonProps = {
  /** The subscription's id. */
  webhookId: string;
  delivery: WebhookDelivery;
};

/** Sends a logged delivery's event again now (same webhook-id); a toast says how the receiver took it. */
export function RedeliverButton({ webhookId, delivery }: RedeliverButtonProps) {
  const redeliver = useRedeliverWebhookDelivery();
  const onClick = () =>
    redeliver.mutate(
      { webhookId, deliveryId: delivery.id },
      {
        onSuccess: (again) =>
          again.ok
            ? notifySuccess('Redelivered', `The receiver answered ${again.statusCode ?? 'OK'}.`)
            : notifyProblem(
                'Redelivery failed',
                again.error ?? `It answered ${again.statusCode ?? 'nothing'}.`,
              ),
        onError: (error) => notifyError(error, 'Failed to redeliver.'),
      },
    );
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={redeliver.isPending}
      aria-label={`Redeliver ${delivery.eventType}, attempt ${delivery.attempt}`}
      onClick={onClick}
    >
      <RotateCcw aria-hidden="true" />
      {redeliver.isPending ? 'Sending...' : 'Redeliver'}
    </Button>
  );
}
