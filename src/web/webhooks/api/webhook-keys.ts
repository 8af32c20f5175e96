import type { QueryClient } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';

export const WEBHOOKS_PATH = '/api/webhooks';

/** The only place a webhook query key is built: every key starts with /api/webhooks. */
export const webhookKeys = {
  all: [WEBHOOKS_PATH] as const,
  list: () => [WEBHOOKS_PATH, 'list'] as const,
  deliveries: (id: string) => [WEBHOOKS_PATH, id, 'deliveries'] as const,
};

/** One subscription's path. */
export const webhookPath = (id: string): string => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

/** Every webhook mutation calls this (src/web/app/resource-effects.ts says what a webhook write refreshes). */
export const invalidateWebhooks = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'webhook');
