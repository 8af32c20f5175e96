// The webhooks feature's public surface: other features and the app shell import only from here.
export { webhookKeys } from '@/webhooks/api/webhook-keys';
export { WebhooksCard } from '@/webhooks/components/webhooks-card';
