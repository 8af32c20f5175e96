// The webhooks feature's public surface: other features and the app shell import only from here.
export { webhookKeys } from '@/webhooks/api/webhook-keys';
