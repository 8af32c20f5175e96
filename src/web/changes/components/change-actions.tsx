import type { ChangeRequestDetail } from '@contract/changes';
import { environmentNames, type Environment } from '@contract/vocabulary';
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
      <ReviewNote request={request} any={any} />
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
        <SetActions request={request} actions={actions} promoteTo={promoteTo} />
        {can.cancel && (
          <Button variant="ghost" disabled={actions.pending} onClick={() => actions.open('cancel')}>
            Cancel request
          </Button>
        )}
      </div>
    </aside>
  );
}

/** Revert and Promote, for an applied set (each filed as a new request through the same approvals). */
function SetActions({
  request,
  actions,
  promoteTo,
}: {
  request: ChangeRequestDetail;
  actions: ChangeRequestActions;
  promoteTo: Environment | null;
}) {
  return (
    <>
      {request.can.revert && (
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
    </>
  );
}

/** Why approving is blocked, or why there is nothing to do here. */
function ReviewNote({ request, any }: { request: ChangeRequestDetail; any: boolean }) {
  if (request.can.approveBlockedBy)
    return (
      <p className="text-sm text-muted-foreground" data-testid="approve-blocked">
        {request.can.approveBlockedBy}
      </p>
    );
  if (any) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {request.status === 'pending' || request.status === 'scheduled'
        ? 'Only owners and admins of the tenant (or global administrators) review this request.'
        : 'This request is closed.'}
    </p>
  );
}
