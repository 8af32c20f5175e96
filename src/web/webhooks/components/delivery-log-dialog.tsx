import type { Webhook, WebhookDelivery } from '@contract/webhooks';
import { History } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { ListState } from '@/components/list-state';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useWebhookDeliveries } from '@/webhooks/api/get-webhook-deliveries';
import { RedeliverButton } from '@/webhooks/components/redeliver-button';
import { formatLocaleDateTime } from '@/lib/format';

type DeliveryLogDialogProps = {
  /** Whose log; null: closed. */
  webhook: Webhook | null;
  onClose: () => void;
};

/** A subscription's last 50 delivery attempts, newest first. */
export function DeliveryLogDialog({ webhook, onClose }: DeliveryLogDialogProps) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Delivery log</DialogTitle>
          <DialogDescription className="break-all">
            {webhook ? `The last attempts to deliver to ${webhook.url}, newest first.` : ''}
          </DialogDescription>
        </DialogHeader>
        {webhook && <Deliveries webhookId={webhook.id} />}
      </DialogContent>
    </Dialog>
  );
}

function Deliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const rows = deliveries.data ?? [];
  return (
    <ListState
      status={deliveries.status}
      error={deliveries.error}
      onRetry={() => void deliveries.refetch()}
      errorTitle="Could not load the delivery log"
      isEmpty={rows.length === 0}
      loading={<p className="py-8 text-center text-sm text-muted-foreground">Loading deliveries...</p>}
      empty={
        <EmptyState
          icon={History}
          title="No deliveries yet"
          description="Attempts appear here once an event it takes happens, or after Send test event."
        />
      }
    >
      <Table aria-label="Deliveries">
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Event</TableHead>
            <TableHead>Attempt</TableHead>
            <TableHead>Result</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Error</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
          ))}
        </TableBody>
      </Table>
    </ListState>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  return (
    <TableRow data-testid="webhook-delivery">
      <TableCell className="whitespace-nowrap">
        {formatLocaleDateTime(new Date(delivery.createdAt))}
      </TableCell>
      <TableCell className="font-mono text-xs">
        {delivery.eventType}
        {delivery.lastEventSeq !== null && ` (${delivery.eventSeq ?? ''}–${delivery.lastEventSeq})`}
      </TableCell>
      <TableCell>{delivery.attempt}</TableCell>
      <TableCell>
        <Badge variant={delivery.ok ? 'secondary' : 'destructive'}>{delivery.ok ? 'OK' : 'Failed'}</Badge>
      </TableCell>
      <TableCell>{delivery.statusCode ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">{delivery.durationMs} ms</TableCell>
      <TableCell className="max-w-xs text-xs break-words whitespace-normal">{delivery.error ?? ''}</TableCell>
      <TableCell>
        <RedeliverButton webhookId={webhookId} delivery={delivery} />
      </TableCell>
    </TableRow>
  );
}
