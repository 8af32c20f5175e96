import type { ChangeRequestDetail } from '@contract/changes';
import { RefreshCw } from 'lucide-react';
import type { ChangeRequestActions } from '@/changes/components/use-change-request-actions';
import { AlertNotice } from '@/components/alert-notice';
import { Button } from '@/components/ui/button';

/** What the request changes moved on since it was made: its diff may not be what would apply. */
export function StaleAlert({
  request,
  actions,
}: {
  request: ChangeRequestDetail;
  actions: ChangeRequestActions;
}) {
  return (
    <AlertNotice
      testId="stale-alert"
      tone="warning"
      layout="inline"
      title="This request is out of date."
      actions={
        request.can.refresh && (
          <Button size="sm" variant="outline" disabled={actions.pending} onClick={actions.refresh}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        )
      }
    >
      <p className="text-muted-foreground">
        What it changes has moved on since it was made, so the diff below may not be what would apply. Refresh
        it to remake the diff on the current state; approvals start again.
      </p>
    </AlertNotice>
  );
}

/** A 412: someone else approved, commented or rescheduled since the page loaded. */
export function ConflictNotice({
  actions,
  onReload,
}: {
  actions: ChangeRequestActions;
  onReload: () => void;
}) {
  if (!actions.conflict) return null;
  return (
    <AlertNotice
      testId="conflict-alert"
      tone="destructive"
      title="Someone else changed this change request while you were reviewing it."
      actions={
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            actions.clearConflict();
            onReload();
          }}
        >
          Reload
        </Button>
      }
    >
      <p className="text-muted-foreground">
        Nothing was done. Reload it to see what they did, then decide again.
      </p>
    </AlertNotice>
  );
}
