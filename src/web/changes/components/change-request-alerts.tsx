import type { ChangeRequestDetail } from '@contract/changes';
import type { StaleChange } from '@contract/releases';
import { RefreshCw } from 'lucide-react';
import { ChangeDiff } from '@/changes/components/change-diff';
import { changeName } from '@/changes/lib/change-set';
import { formatTime } from '@/changes/lib/format';
import type { ChangeRequestActions } from '@/changes/components/use-change-request-actions';
import { AlertNotice } from '@/components/alert-notice';
import { Button } from '@/components/ui/button';

/** "Change 2 (New route) moved on: changed by ana@example.com at 20 Nov, 10:00". */
function movedOnTitle(stale: StaleChange): string {
  const by = stale.movedBy ? ` by ${stale.movedBy}` : '';
  const at = stale.movedAt ? ` at ${formatTime(stale.movedAt)}` : '';
  return `${changeName(stale)} moved on${by || at ? `: changed${by}${at}` : ''}`;
}

/**
 * What the request changes moved on since it was made: its diff may not be what would apply. The change
 * whose target moved is named, with who moved it and the diff it would make now.
 */
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
      layout={request.staleChange ? 'stacked' : 'inline'}
      title={request.staleChange ? movedOnTitle(request.staleChange) : 'This request is out of date.'}
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
      {request.staleChange && (
        <div className="space-y-2 pt-2" data-testid="stale-change-diff">
          <p className="font-medium">What {changeName(request.staleChange)} would change now</p>
          <ChangeDiff entries={request.staleChange.diff} />
        </div>
      )}
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
