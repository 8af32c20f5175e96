import {
  ALL_WEBHOOK_EVENTS,
  webhookKinds,
  type AuditStreamFormat,
  type Webhook,
  type WebhookKind,
} from '@contract/webhooks';
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

export const webhookKindLabels: Record<WebhookKind, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  audit_stream: 'Audit stream',
};

export const auditStreamFormatLabels: Record<AuditStreamFormat, string> = {
  ndjson: 'JSON lines',
  cef: 'CEF',
};

/** The kinds one may add: an audit stream is the administrators' alone. */
export const addableKinds = (isAdmin: boolean): WebhookKind[] =>
  webhookKinds.filter((kind) => isAdmin || kind !== 'audit_stream');
