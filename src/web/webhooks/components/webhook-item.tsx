import { environmentNames } from '@contract/vocabulary';
import type { Webhook } from '@contract/webhooks';
import { History, Pencil, Power, PowerOff, RotateCw, Send, Trash2 } from 'lucide-react';
import { ActionItem, ActionsMenu } from '@/components/actions-menu';
import { Badge } from '@/components/ui/badge';
import type { WebhookActions } from '@/webhooks/components/use-webhook-actions';
import {
  auditStreamFormatLabels,
  eventTypeLabel,
  webhookKindLabels,
  webhookState,
  webhookStateLabels,
  webhookStateVariants,
} from '@/webhooks/lib/webhook-view';

type WebhookItemProps = {
  webhook: Webhook;
  /** The tenant's name, or "Platform" for a platform-wide subscription. */
  scope: string;
  actions: WebhookActions;
};

/** One subscription: its URL and state, what it receives, whose events, and its actions. */
export function WebhookItem({ webhook, scope, actions }: WebhookItemProps) {
  const state = webhookState(webhook);
  return (
    <li
      className="flex items-start justify-between gap-3 rounded-lg border p-4"
      data-testid="webhook"
      aria-label={webhook.url}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm break-all">{webhook.url}</span>
          {webhook.kind !== 'webhook' && (
            <Badge variant="outline" data-testid="webhook-kind">
              {webhookKindLabels[webhook.kind]}
              {webhook.format && ` · ${auditStreamFormatLabels[webhook.format]}`}
            </Badge>
          )}
          <Badge variant={webhookStateVariants[state]} data-testid="webhook-state">
            {webhookStateLabels[state]}
          </Badge>
        </div>
        {webhook.description && <p className="text-sm text-muted-foreground">{webhook.description}</p>}
        {state === 'paused' && webhook.pausedReason && (
          <p className="text-sm text-destructive" data-testid="webhook-paused-reason">
            {webhook.pausedReason}
          </p>
        )}
        {webhook.kind === 'audit_stream' ? (
          <p className="text-sm">Every audit event of the platform, exactly as stored.</p>
        ) : (
          <Receives webhook={webhook} scope={scope} />
        )}
      </div>
      <ActionsMenu name={webhook.url}>
        <ActionItem icon={state === 'enabled' ? PowerOff : Power} onSelect={() => actions.toggle(webhook)}>
          {state === 'enabled' ? 'Disable' : 'Enable'}
        </ActionItem>
        <ActionItem icon={Pencil} onSelect={() => actions.edit.show(webhook)}>
          Edit
        </ActionItem>
        <ActionItem icon={Send} onSelect={() => actions.test(webhook)}>
          Send test event
        </ActionItem>
        <ActionItem icon={History} onSelect={() => actions.log.show(webhook)}>
          Delivery log
        </ActionItem>
        <ActionItem icon={RotateCw} onSelect={() => actions.rotation.ask(webhook)}>
          Rotate secret
        </ActionItem>
        <ActionItem icon={Trash2} destructive onSelect={() => actions.deletion.ask(webhook)}>
          Delete
        </ActionItem>
      </ActionsMenu>
    </li>
  );
}

/** What a subscription other than an audit stream receives: its event types, tenant and environments. */
function Receives({ webhook, scope }: { webhook: Webhook; scope: string }) {
  const environments = webhook.environments?.map((env) => environmentNames[env]).join(', ') ?? 'All';
  return (
    <>
      <ul className="flex flex-wrap gap-1" aria-label="Event types">
        {webhook.eventTypes.map((type) => (
          <li key={type}>
            <Badge variant="outline" className="font-mono whitespace-normal">
              {eventTypeLabel(type)}
            </Badge>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Tenant</dt>
        <dd className="break-words">{scope}</dd>
        <dt className="text-muted-foreground">Environments</dt>
        <dd>{environments}</dd>
      </dl>
    </>
  );
}
