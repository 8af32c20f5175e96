import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookWithSecret } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

/** POST /api/webhooks/:id/rotate-secret: a new secret, shown once; the old one also signs for 24 hours. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecret> {
  return sendJson<WebhookWithSecret>('POST', `${webhookPath(id)}/rotate-secret`);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => invalidateWebhooks(queryClient),
  });
}
