import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

type EnabledPatch = { webhook: Webhook; enabled: boolean };

/**
 * PATCH /api/webhooks/:id with If-Match of the row's revision: on or off (on again resumes a paused
 * one). The description and environments go along as the row has them: the update schema fills an
 * absent one with its default (`''`, null), which would clear them.
 */
export function setWebhookEnabled({ webhook, enabled }: EnabledPatch): Promise<Webhook> {
  const { description, environments } = webhook;
  return sendJson<Webhook>(
    'PATCH',
    webhookPath(webhook.id),
    { enabled, description, environments },
    { ifMatch: webhook.revision },
  );
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
