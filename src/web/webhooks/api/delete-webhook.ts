import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateWebhooks, webhookPath } from '@/webhooks/api/webhook-keys';

/** DELETE /api/webhooks/:id with If-Match: the subscription and its delivery log. */
export async function deleteWebhook(id: string, revision: number): Promise<void> {
  await apiRequest('DELETE', webhookPath(id), undefined, { ifMatch: revision });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision }: { id: string; revision: number }) => deleteWebhook(id, revision),
    onSettled: () => invalidateWebhooks(queryClient),
  });
}
