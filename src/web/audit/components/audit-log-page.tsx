import { ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useAuditEvents, type AuditEventsParams } from '@/audit/api/get-audit-events';
import { AuditLogFilters } from '@/audit/components/audit-log-filters';
import { AuditLogPagination } from '@/audit/components/audit-log-pagination';
import { AuditLogSkeleton } from '@/audit/components/audit-log-skeleton';
import { AuditLogTable } from '@/audit/components/audit-log-table';
import {
  ALL,
  AUDIT_PAGE_SIZE,
  emptyAuditFilters,
  endOfLocalDay,
  startOfLocalDay,
  type AuditFilters,
} from '@/audit/filters';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { ApiError } from '@/lib/api-client';
import { useTenants } from '@/tenants';

/** Typing in the actor box waits this long before asking the server. */
export const ACTOR_DEBOUNCE_MS = 300;

/** /audit-log: who did what, newest first (administrators: everything; tenant owners: their tenants). */
export function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [offset, setOffset] = useState(0);
  const actor = useDebouncedValue(filters.actor.trim(), ACTOR_DEBOUNCE_MS);

  const params = useMemo<AuditEventsParams>(
    () => ({
      actor: actor || undefined,
      resourceType: filters.resourceType === ALL ? undefined : filters.resourceType,
      tenantId: filters.tenantId === ALL ? undefined : filters.tenantId,
      from: startOfLocalDay(filters.fromDate),
      to: endOfLocalDay(filters.toDate),
      limit: AUDIT_PAGE_SIZE,
      offset,
    }),
    [actor, filters.resourceType, filters.tenantId, filters.fromDate, filters.toDate, offset],
  );
  const events = useAuditEvents(params);
  const tenants = useTenants();
  const tenantNames = useMemo(
    () => new Map((tenants.data ?? []).map((tenant) => [tenant.id, tenant.name])),
    [tenants.data],
  );

  const changeFilters = (next: AuditFilters) => {
    setFilters(next);
    // A new filter starts again from the newest events.
    setOffset(0);
  };
  const forbidden = events.error instanceof ApiError && events.error.status === 403;

  return (
    <div className="space-y-6">
      <PageHeader title="Audit Log" description="Who changed what, and when." />
      <AuditLogFilters filters={filters} onChange={changeFilters} tenants={tenants.data ?? []} />
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
        (events.data.events.length === 0 && events.data.offset === 0 ? (
          <EmptyState icon={ScrollText} title="No audit events match these filters" />
        ) : (
          <div className="space-y-4" aria-busy={events.isPlaceholderData || undefined}>
            <AuditLogTable events={events.data.events} tenantNames={tenantNames} />
            <AuditLogPagination
              offset={events.data.offset}
              pageSize={AUDIT_PAGE_SIZE}
              shown={events.data.events.length}
              total={events.data.total}
              disabled={events.isPlaceholderData}
              onOffsetChange={setOffset}
            />
          </div>
        ))}
    </div>
  );
}
