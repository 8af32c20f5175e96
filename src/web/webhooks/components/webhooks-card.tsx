import { Plus, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { useMe } from '@/auth';
import { EmptyState } from '@/components/empty-state';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListState } from '@/components/list-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTenantNames } from '@/tenants';
import { useWebhooks } from '@/webhooks/api/get-webhooks';
import { useWebhookActions } from '@/webhooks/components/use-webhook-actions';
import { WebhookDialogs } from '@/webhooks/components/webhook-dialogs';
import { WebhookItem } from '@/webhooks/components/webhook-item';
import { canAddWebhook } from '@/webhooks/lib/webhook-view';

/** Add webhook's form (the tenant picker, the contract's schema) is a chunk of its own. */
const CreateWebhookDialog = lazyDialog(() =>
  import('@/webhooks/components/create-webhook-dialog').then((m) => m.CreateWebhookDialog),
);

/**
 * Settings → Webhooks: the subscriptions the signed-in person manages (docs/webhooks.md), with their
 * actions; Add webhook for administrators and a tenant's owners and admins.
 */
export function WebhooksCard() {
  const me = useMe();
  const webhooks = useWebhooks();
  const actions = useWebhookActions();
  const [adding, setAdding] = useState(false);
  const rows = webhooks.data ?? [];
  const names = useTenantNames(rows.flatMap((webhook) => (webhook.tenantId ? [webhook.tenantId] : [])));
  const scope = (tenantId: string | null) => (tenantId ? (names?.get(tenantId) ?? tenantId) : 'Platform');
  const addButton = me !== null && canAddWebhook(me) && (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add webhook
    </Button>
  );

  return (
    <Card data-testid="webhooks-card">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Webhooks</CardTitle>
          <CardDescription>
            What happens in the console, sent to your receivers as it commits, signed per Standard Webhooks.
          </CardDescription>
        </div>
        {addButton && rows.length > 0 && addButton}
      </CardHeader>
      <CardContent>
        <ListState
          status={webhooks.status}
          error={webhooks.error}
          onRetry={() => void webhooks.refetch()}
          errorTitle="Could not load webhooks"
          isEmpty={rows.length === 0}
          loading={<p className="py-4 text-center text-sm text-muted-foreground">Loading webhooks...</p>}
          empty={
            <EmptyState
              icon={WebhookIcon}
              title="No webhooks yet"
              description="A webhook sends events such as change requests and rollouts to a URL."
              action={addButton || undefined}
            />
          }
        >
          <ul className="space-y-3" aria-label="Webhooks">
            {rows.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                scope={scope(webhook.tenantId)}
                actions={actions}
              />
            ))}
          </ul>
        </ListState>
      </CardContent>
      <CreateWebhookDialog open={adding} onOpenChange={setAdding} />
      <WebhookDialogs actions={actions} />
    </Card>
  );
}
