import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

type Redelivery = { webhookId: string; deliveryId: string };

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/redeliver: sends the logged event (or audit stream batch)
 * again now, with the same webhook-id; the reply is the new attempt, as logged.
 */
export function redeliverWebhookDelivery({ webhookId, deliveryId }: Redelivery): Promise<WebhookDelivery> {
  return sendJson<WebhookDelivery>(
    'POST',
    `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
  );
}

export function useRedeliverWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookDelivery,
    // The attempt is in the delivery log now.
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
