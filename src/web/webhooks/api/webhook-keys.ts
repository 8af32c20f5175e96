export const WEBHOOKS_PATH = '/api/webhooks';

/** The only place a webhook query key is built: every key starts with /api/webhooks. */
export const webhookKeys = {
  all: [WEBHOOKS_PATH] as const,
  deliveries: (id: string) => [WEBHOOKS_PATH, id, 'deliveries'] as const,
};
