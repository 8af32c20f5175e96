import { CHANGE_KIND_LABELS, type ChangeRequestDetail } from '@contract/changes';
import { ArrowLeft, RefreshCw, TriangleAlert } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useChangeRequest } from '@/changes/api/get-change-request';
import { ChangeActions } from '@/changes/components/change-actions';
import { ChangeDiff } from '@/changes/components/change-diff';
import { ChangeStatusBadge, EnvironmentBadge } from '@/changes/components/change-status-badge';
import { ChangeTimeline } from '@/changes/components/change-timeline';
import { CommentBox } from '@/changes/components/comment-box';
import { ScheduledTime } from '@/changes/components/scheduled-time';
import {
  useChangeRequestActions,
  type ChangeRequestActions,
} from '@/changes/components/use-change-request-actions';
import { formatTime } from '@/changes/lib/format';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/hooks/use-document-title';

function BackToChanges() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link to="/changes">
        <ArrowLeft aria-hidden="true" />
        Back to Changes
      </Link>
    </Button>
  );
}

/** /changes/:changeId: one change request to review: its diff, timeline and the user's actions. */
export function ChangeRequestPage() {
  const { changeId = '' } = useParams();
  const query = useChangeRequest(changeId);
  useDocumentTitle(query.data ? `#${query.data.number} ${query.data.title}` : null, 'Changes');

  if (query.status === 'pending') {
    return (
      <p aria-busy="true" className="text-muted-foreground">
        Loading change request...
      </p>
    );
  }
  if (query.status === 'error') {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="space-y-6">
          <h1 className="sr-only">Change request not found</h1>
          <EmptyState
            title="Change request not found"
            description="It does not exist, or it belongs to a tenant you cannot see."
            action={<BackToChanges />}
          />
        </div>
      );
    }
    return (
      <div className="space-y-6">
        <h1 className="sr-only">Change request</h1>
        <ErrorState
          error={query.error}
          title="Could not load the change request"
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  return <Review request={query.data} onReload={() => void query.refetch()} />;
}

function Review({ request, onReload }: { request: ChangeRequestDetail; onReload: () => void }) {
  const actions = useChangeRequestActions(request);
  return (
    <div className="space-y-6">
      <BackToChanges />
      <PageHeader title={`#${request.number} ${request.title}`} />
      <Summary request={request} />
      <ConflictNotice actions={actions} onReload={onReload} />
      {request.stale && <StaleAlert request={request} actions={actions} />}
      <Outcome request={request} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          {request.description && (
            <section aria-labelledby="change-description" className="space-y-2">
              <h2 id="change-description" className="text-lg font-semibold">
                Description
              </h2>
              <p className="text-sm whitespace-pre-wrap break-words">{request.description}</p>
            </section>
          )}
          <section aria-labelledby="change-diff" className="space-y-3">
            <h2 id="change-diff" className="text-lg font-semibold">
              What changes
            </h2>
            <ChangeDiff entries={request.diff} />
          </section>
          <section aria-labelledby="change-timeline" className="space-y-3">
            <h2 id="change-timeline" className="text-lg font-semibold">
              Timeline
            </h2>
            <ChangeTimeline events={request.events} />
            {request.can.comment && <CommentBox actions={actions} />}
          </section>
        </div>
        <ChangeActions request={request} actions={actions} />
      </div>
      {actions.dialogs}
    </div>
  );
}

/** Status, approvals, where it applies, who asked and when, and its schedule. */
function Summary({ request }: { request: ChangeRequestDetail }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="change-summary">
      <div className="space-y-1">
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <ChangeStatusBadge {...request} />
        </dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Approvals</dt>
        <dd data-testid="change-approvals">
          {request.approvals} of {request.requiredApprovals}
        </dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Tenant and environment</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <span>{request.tenantName ?? (request.tenantId === null ? 'Platform' : request.tenantId)}</span>
          <EnvironmentBadge environment={request.environment} />
        </dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Kind</dt>
        <dd>{CHANGE_KIND_LABELS[request.kind]}</dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Requested by</dt>
        <dd className="break-all">{request.requestedBy}</dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Requested</dt>
        <dd>
          <time dateTime={request.createdAt}>{formatTime(request.createdAt)}</time>
        </dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Scheduled</dt>
        <dd>
          {request.scheduledAt ? (
            <ScheduledTime at={request.scheduledAt} timeZone={request.scheduleTimeZone} />
          ) : (
            'When approved'
          )}
        </dd>
      </div>
      <div className="space-y-1">
        <dt className="text-muted-foreground">Updated</dt>
        <dd>
          <time dateTime={request.updatedAt}>{formatTime(request.updatedAt)}</time>
        </dd>
      </div>
    </dl>
  );
}

function StaleAlert({ request, actions }: { request: ChangeRequestDetail; actions: ChangeRequestActions }) {
  return (
    <div
      role="alert"
      data-testid="stale-alert"
      className="flex flex-col gap-3 rounded-md border border-amber-500/60 bg-amber-500/10 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-medium">This request is out of date.</p>
          <p className="text-muted-foreground">
            What it changes has moved on since it was made, so the diff below may not be what would apply.
            Refresh it to remake the diff on the current state; approvals start again.
          </p>
        </div>
      </div>
      {request.can.refresh && (
        <Button size="sm" variant="outline" disabled={actions.pending} onClick={actions.refresh}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      )}
    </div>
  );
}

/** A 412: someone else approved, commented or rescheduled since the page loaded. */
function ConflictNotice({ actions, onReload }: { actions: ChangeRequestActions; onReload: () => void }) {
  if (!actions.conflict) return null;
  return (
    <div
      role="alert"
      data-testid="conflict-alert"
      className="space-y-3 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <div className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-medium">Someone else changed this change request while you were reviewing it.</p>
          <p className="text-muted-foreground">
            Nothing was done. Reload it to see what they did, then decide again.
          </p>
        </div>
      </div>
      <div className="flex justify-end">
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
      </div>
    </div>
  );
}

/** How a closed request ended: applied (when, by whom, how), failed (why), bypassed (the reason). */
function Outcome({ request }: { request: ChangeRequestDetail }) {
  if (request.status !== 'applied' && request.status !== 'failed' && !request.bypassReason) return null;
  const failed = request.status === 'failed';
  return (
    <section
      aria-labelledby="change-outcome"
      data-testid="change-outcome"
      className={
        failed
          ? 'space-y-2 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm'
          : 'space-y-2 rounded-md border p-4 text-sm'
      }
    >
      <h2 id="change-outcome" className="font-semibold">
        {failed ? 'The change failed' : request.status === 'applied' ? 'The change was applied' : 'Bypass'}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {request.appliedAt && (
          <>
            <dt className="text-muted-foreground">{failed ? 'Tried' : 'Applied'}</dt>
            <dd>
              <time dateTime={request.appliedAt}>{formatTime(request.appliedAt)}</time>
              {request.appliedBy && <> by {request.appliedBy}</>}
            </dd>
          </>
        )}
        {request.outcome && (
          <>
            <dt className="text-muted-foreground">Outcome</dt>
            <dd className="break-words">{request.outcome}</dd>
          </>
        )}
        {request.bypassReason && (
          <>
            <dt className="text-muted-foreground">Applied without approvals because</dt>
            <dd className="break-words">{request.bypassReason}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
