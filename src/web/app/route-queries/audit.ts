import { auditEventSortFields } from '@contract/list-conventions';
import type { RouteQuery } from '@/app/route-query';
import { auditEventsQueryOptions, endOfLocalDay, startOfLocalDay } from '@/audit';
import { listQueryOf } from '@/hooks/use-list-url-state';

/** /audit-log (src/web/audit/lib/audit-view.ts): one page of events, local days sent as instants. */
export function queries(params: URLSearchParams): RouteQuery[] {
  const { from, to, ...rest } = listQueryOf(params, {
    sortFields: auditEventSortFields,
    defaultSort: '-createdAt',
    filters: ['actor', 'resourceType', 'tenantId', 'from', 'to'],
  });
  return [
    auditEventsQueryOptions({ ...rest, from: from && startOfLocalDay(from), to: to && endOfLocalDay(to) }),
  ];
}
