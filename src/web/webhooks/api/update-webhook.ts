import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '@contract/webhooks';
import { sendJson } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

type EnabledPatch = { id: string; enabled: boolean; revision: number };

/** PATCH /api/webhooks/:id with If-Match: on or off (on again resumes a paused one). */
export function setWebhookEnabled({ id, enabled, revision }: EnabledPatch): Promise<Webhook> {
  return sendJson<Webhook>('PATCH', webhookPath(id), { enabled }, { ifMatch: revision });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWebhookEnabled,
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
