import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@contract/audit';
import { AUDIT_EVENTS_PATH, auditKeys } from '@/audit/api/audit-keys';
import { getPage, type Page } from '@/lib/list-request';
import type { AuditEventsQuery } from '@/audit/api/audit-events-query';

export { AUDIT_EVENTS_PATH };
export type { AuditSortField, AuditEventsQuery } from '@/audit/api/audit-events-query';

/** GET /api/audit-events: one page (newest first unless sorted otherwise) and the filtered total. */
export function getAuditEvents(query: AuditEventsQuery): Promise<Page<AuditEvent>> {
  return getPage<AuditEvent>(AUDIT_EVENTS_PATH, query);
}

export const auditEventsQueryOptions = (query: AuditEventsQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => getAuditEvents(query),
    // Keep the current page on screen while the next one (or a new filter) loads.
    placeholderData: keepPreviousData,
    // The trail grows with every action: a cached page would hide the latest events on a later visit.
    staleTime: 0,
  });

export function useAuditEvents(query: AuditEventsQuery) {
  return useQuery(auditEventsQueryOptions(query));
}
