import type { ChangeRequestDetail } from '@contract/changes';
import { environmentNames } from '@contract/vocabulary';
import { ArrowUpRight, CalendarClock, Check, RefreshCw, RotateCcw, X } from 'lucide-react';
import type { ChangeRequestActions } from '@/changes/components/use-change-request-actions';
import { nextEnvironment } from '@/changes/lib/change-set';
import { Button } from '@/components/ui/button';

/**
 * The decisions the user may take on this request, and only those (the server's `can`); when approving
 * is blocked for a reason the user can act on, the reason is shown instead of the button.
 */
export function ChangeActions({
  request,
  actions,
}: {
  request: ChangeRequestDetail;
  actions: ChangeRequestActions;
}) {
  const { can } = request;
  const promoteTo = can.promote ? nextEnvironment(request.environment) : null;
  const any =
    can.approve || can.reject || can.cancel || can.refresh || can.schedule || can.revert || !!promoteTo;
  return (
    <aside aria-labelledby="change-review" className="h-fit space-y-4 rounded-lg border p-4">
      <h2 id="change-review" className="font-semibold">
        Review
      </h2>
      {can.approveBlockedBy && (
        <p className="text-sm text-muted-foreground" data-testid="approve-blocked">
          {can.approveBlockedBy}
        </p>
      )}
      {!any && !can.approveBlockedBy && (
        <p className="text-sm text-muted-foreground">
          {request.status === 'pending' || request.status === 'scheduled'
            ? 'Only owners and admins of the tenant (or global administrators) review this request.'
            : 'This request is closed.'}
        </p>
      )}
      <div className="flex flex-col gap-2">
        {can.approve && (
          <Button disabled={actions.pending} onClick={() => actions.open('approve')}>
            <Check aria-hidden="true" />
            Approve
          </Button>
        )}
        {can.reject && (
          <Button variant="destructive" disabled={actions.pending} onClick={() => actions.open('reject')}>
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
        {can.schedule && (
          <Button variant="outline" disabled={actions.pending} onClick={() => actions.open('schedule')}>
            <CalendarClock aria-hidden="true" />
            {request.scheduledAt ? 'Reschedule' : 'Schedule'}
          </Button>
        )}
        {can.refresh && (
          <Button variant="outline" disabled={actions.pending} onClick={actions.refresh}>
            <RefreshCw aria-hidden="true" />
            Refresh diff
          </Button>
        )}
        {can.revert && (
          <Button variant="outline" disabled={actions.pending} onClick={() => actions.open('revert')}>
            <RotateCcw aria-hidden="true" />
            Revert
          </Button>
        )}
        {promoteTo && (
          <Button variant="outline" disabled={actions.pending} onClick={() => actions.open('promote')}>
            <ArrowUpRight aria-hidden="true" />
            Promote to {environmentNames[promoteTo]}
          </Button>
        )}
        {can.cancel && (
          <Button variant="ghost" disabled={actions.pending} onClick={() => actions.open('cancel')}>
            Cancel request
          </Button>
        )}
      </div>
    </aside>
  );
}
