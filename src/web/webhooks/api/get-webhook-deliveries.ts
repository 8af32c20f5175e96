import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@contract/webhooks';
import { getJson } from '@/lib/api-client';
import { webhookKeys, webhookPath } from '@/webhooks/api/webhook-keys';

/** GET /api/webhooks/:id/deliveries: the last 50 attempts, newest first. */
export function getWebhookDeliveries(id: string): Promise<WebhookDelivery[]> {
  return getJson<WebhookDelivery[]>(`${webhookPath(id)}/deliveries`);
}

export const webhookDeliveriesQueryOptions = (id: string) =>
  // A log grows on its own: read it again at each opening.
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => getWebhookDeliveries(id),
    staleTime: 0,
  });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
