import { ALL_WEBHOOK_EVENTS, type Webhook } from '@contract/webhooks';
import { canOnTenant, isGlobalAdmin, type MeLike } from '@contract/roles';

export type WebhookState = 'enabled' | 'disabled' | 'paused';

/** Paused: retries ran out (enabling resumes it); disabled: someone turned it off. */
export const webhookState = (webhook: Webhook): WebhookState =>
  webhook.pausedAt ? 'paused' : webhook.enabled ? 'enabled' : 'disabled';

export const webhookStateLabels: Record<WebhookState, string> = {
  enabled: 'Enabled',
  disabled: 'Disabled',
  paused: 'Paused',
};

export const webhookStateVariants: Record<WebhookState, 'secondary' | 'outline' | 'destructive'> = {
  enabled: 'secondary',
  disabled: 'outline',
  paused: 'destructive',
};

export const eventTypeLabel = (type: string): string => (type === ALL_WEBHOOK_EVENTS ? 'All events' : type);

/** Who may add one: administrators (any tenant or the platform), a tenant's owners and admins (theirs). */
export const canAddWebhook = (me: MeLike): boolean =>
  isGlobalAdmin(me.user) || me.memberships.some((m) => canOnTenant(me, m.tenantId, 'configure'));
