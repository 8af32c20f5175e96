import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

/** POST /api/webhooks/:id/test: sends a webhook.test event now; the reply is the attempt, as logged. */
export function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  return sendJson<WebhookDelivery>('POST', `${webhookPath(id)}/test`);
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    // The attempt is in the delivery log now.
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
