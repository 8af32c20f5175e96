import type { ChangeRequestDetail } from '@contract/changes';
import { useParams } from 'react-router';
import { useChangeRequest } from '@/changes/api/get-change-request';
import { ChangeActions } from '@/changes/components/change-actions';
import { ChangeDiff } from '@/changes/components/change-diff';
import { ConflictNotice, StaleAlert } from '@/changes/components/change-request-alerts';
import { ChangeSet } from '@/changes/components/change-set';
import { IrreversibleNotice, RelatedRequests } from '@/changes/components/change-set-notices';
import { ChangeOutcome, ChangeSummary } from '@/changes/components/change-summary';
import { ChangeTimeline } from '@/changes/components/change-timeline';
import { CommentBox } from '@/changes/components/comment-box';
import { ImpactSummary } from '@/changes/components/impact-summary';
import { useChangeRequestActions } from '@/changes/components/use-change-request-actions';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/back-link';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/hooks/use-document-title';

function BackToChanges() {
  return (
    <BackLink to="/changes" className="w-fit">
      Back to Changes
    </BackLink>
  );
}

/**
 * /changes/:changeId: one change request to review: its changes grouped with their diffs and states, what
 * the set touches, its timeline and the user's actions.
 */
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
      <ChangeSummary request={request} />
      <ConflictNotice actions={actions} onReload={onReload} />
      {request.stale && <StaleAlert request={request} actions={actions} />}
      <IrreversibleNotice request={request} />
      <ChangeOutcome request={request} />
      <ImpactSummary impact={request.impact} />
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
              {request.changes.length > 1 && (
                <span className="font-normal text-muted-foreground"> ({request.changes.length} changes)</span>
              )}
            </h2>
            {/* A request always holds its set; the first change's diff stands in should it not. */}
            {request.changes.length > 0 ? (
              <ChangeSet changes={request.changes} />
            ) : (
              <ChangeDiff entries={request.diff} />
            )}
          </section>
          <RelatedRequests request={request} />
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
