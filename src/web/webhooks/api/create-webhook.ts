import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookInput, WebhookWithSecret } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { WEBHOOKS_PATH, invalidateWebhooks } from '@/webhooks/api/webhook-keys';

/** POST /api/webhooks: the reply holds the signing secret, the only time it is ever sent. */
export function createWebhook(input: WebhookInput): Promise<WebhookWithSecret> {
  return sendJson<WebhookWithSecret>('POST', WEBHOOKS_PATH, input);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
