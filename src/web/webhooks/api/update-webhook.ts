import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookUpdate as WebhookEdit } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

type EnabledPatch = { webhook: Webhook; enabled: boolean };

/**
 * PATCH /api/webhooks/:id with If-Match of the row's revision: on or off (on again resumes a paused
 * one); an edit changes only the fields it names.
 */
export function setWebhookEnabled({ webhook, enabled }: EnabledPatch): Promise<Webhook> {
  return sendJson<Webhook>('PATCH', webhookPath(webhook.id), { enabled }, { ifMatch: webhook.revision });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}

type WebhookEditPatch = { webhook: Webhook; edit: WebhookEdit; ifMatch: number | undefined };

/** PATCH /api/webhooks/:id: Edit webhook's fields, under If-Match of the revision the form started from. */
export function updateWebhook({ webhook, edit, ifMatch }: WebhookEditPatch): Promise<Webhook> {
  return sendJson<Webhook>('PATCH', webhookPath(webhook.id), edit, { ifMatch });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
