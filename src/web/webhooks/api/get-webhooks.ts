import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@contract/webhooks';
import { getJson } from '@/lib/api-client';
import { WEBHOOKS_PATH, webhookKeys } from '@/webhooks/api/webhook-keys';

/** GET /api/webhooks: the subscriptions the signed-in person manages, newest first. */
export function getWebhooks(): Promise<Webhook[]> {
  return getJson<Webhook[]>(WEBHOOKS_PATH);
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
