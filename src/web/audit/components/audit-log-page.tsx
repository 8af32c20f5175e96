import { Archive, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useAuditEvents } from '@/audit/api/get-audit-events';
import { AuditLogFilters } from '@/audit/components/audit-log-filters';
import { AuditLogSkeleton } from '@/audit/components/audit-log-skeleton';
import { AuditLogTable } from '@/audit/components/audit-log-table';
import { useAuditView } from '@/audit/lib/audit-view';
import { EmptyState } from '@/components/empty-state';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { useIsAdmin } from '@/auth';
import { ErrorState } from '@/components/error-state';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { useTenantNameLookup } from '@/tenants';
import { useDocumentTitle } from '@/hooks/use-document-title';

// Administrators' retention and exports load on their own: the log paints without them.
const RetentionDialog = lazyDialog(() =>
  import('@/audit/retention/retention-dialog').then((m) => m.RetentionDialog),
);

/** /audit-log: who did what, newest first (administrators: everything; tenant owners: their tenants). */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const view = useAuditView();
  const events = useAuditEvents(view.apiQuery);
  const rows = events.data?.rows ?? [];
  const tenants = useTenantNameLookup(rows.flatMap((event) => (event.tenantId ? [event.tenantId] : [])));
  const forbidden = events.error instanceof ApiError && events.error.status === 403;

  return (
    <div className="space-y-6">
      <AuditLogHeader />
      <AuditLogFilters view={view} />
      {events.status === 'pending' && (
        <div aria-busy="true">
          <AuditLogSkeleton />
        </div>
      )}
      {events.status === 'error' && (
        <ErrorState
          error={events.error}
          title={forbidden ? 'Audit log unavailable' : 'Could not load the audit log'}
          onRetry={forbidden ? undefined : () => void events.refetch()}
        />
      )}
      {events.status === 'success' &&
        (rows.length === 0 && view.page === 1 ? (
          <EmptyState icon={ScrollText} title="No audit events match these filters" />
        ) : (
          <PagedList
            view={view}
            total={events.data.total}
            links={events.data}
            shown={rows.length}
            busy={events.isPlaceholderData}
            label="Audit log pages"
          >
            <AuditLogTable
              events={rows}
              tenantNames={tenants.names ?? new Map()}
              namesSettling={tenants.settling}
              sort={view.sort}
              onSort={view.setSort}
            />
          </PagedList>
        ))}
    </div>
  );
}

/** The page's title, with Retention & exports for administrators (docs/audit-retention.md). */
function AuditLogHeader() {
  const isAdmin = useIsAdmin();
  const [retentionOpen, setRetentionOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Who changed what, and when."
        actions={
          isAdmin && (
            <Button variant="outline" onClick={() => setRetentionOpen(true)}>
              <Archive aria-hidden="true" />
              Retention & exports
            </Button>
          )
        }
      />
      {isAdmin && <RetentionDialog open={retentionOpen} onOpenChange={setRetentionOpen} />}
    </>
  );
}
