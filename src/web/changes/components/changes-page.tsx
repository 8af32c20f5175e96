import { GitPullRequestArrow } from 'lucide-react';
import { useChangeRequests } from '@/changes/api/get-change-requests';
import { ChangesTable } from '@/changes/components/changes-table';
import { ChangesToolbar, type TenantPicker } from '@/changes/components/changes-toolbar';
import { useChangesView, type ChangeTab } from '@/changes/lib/changes-view';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Why a segment can be empty, in the words of the person looking at it. */
const EMPTY_EXPLANATIONS: Record<ChangeTab, string> = {
  waiting:
    'Nothing waits for your approval. Requests of tenants you own or administer appear here until you approve or reject them.',
  open: 'No request is waiting for approval. Changes to environments that need approvals become requests here.',
  scheduled: 'No approved request is waiting for its scheduled time.',
  recent: 'No request has been applied, rejected, cancelled or failed yet.',
  all: 'Changes to environments whose approval policy asks for approvals become requests here.',
  mine: 'You have not requested any change. Changes you make to production become requests here.',
};

/**
 * /changes: change requests (four eyes) by segment, filtered, searched, sorted and paged on the server.
 * `tenantPicker` is the tenants feature's picker, passed in by src/web/app/pages/changes-route.tsx.
 */
export function ChangesPage({ tenantPicker }: { tenantPicker: TenantPicker }) {
  useDocumentTitle('Changes');
  const view = useChangesView();
  const requests = useChangeRequests(view.apiQuery);
  const rows = requests.data?.rows ?? [];
  const filtered = Boolean(view.q || view.filters.tenantId || view.filters.environment || view.filters.kind);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Changes"
        description="Change requests: production changes that wait for another person's approval."
      />
      <ChangesToolbar view={view} TenantPicker={tenantPicker} />
      {requests.status === 'pending' && (
        <div aria-busy="true" className="space-y-2" data-testid="changes-skeleton">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      )}
      {requests.status === 'error' && (
        <ErrorState
          error={requests.error}
          title="Could not load the change requests"
          onRetry={() => void requests.refetch()}
        />
      )}
      {requests.status === 'success' &&
        (rows.length === 0 && view.page === 1 ? (
          <EmptyState
            icon={GitPullRequestArrow}
            title="No change requests"
            description={
              filtered
                ? 'No change request matches this search and these filters.'
                : EMPTY_EXPLANATIONS[view.tab]
            }
          />
        ) : (
          <PagedList
            view={view}
            total={requests.data.total}
            links={requests.data}
            shown={rows.length}
            busy={requests.isPlaceholderData}
            label="Change request pages"
          >
            <ChangesTable requests={rows} sort={view.sort} onSort={view.setSort} />
          </PagedList>
        ))}
    </div>
  );
}
