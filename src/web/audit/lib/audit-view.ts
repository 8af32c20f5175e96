import { auditEventSortFields } from '@contract/list-conventions';
import type { AuditEventsQuery, AuditSortField } from '@/audit/api/get-audit-events';
import { endOfLocalDay, startOfLocalDay } from '@/audit/filters';
import { useListUrlState, type ListUrlState } from '@/hooks/use-list-url-state';

/** `from` and `to` hold local calendar days (yyyy-mm-dd) in the URL, so a shared link reads well. */
const filters = ['actor', 'resourceType', 'tenantId', 'from', 'to'] as const;

export type AuditFilterName = (typeof filters)[number];
export type AuditView = ListUrlState<AuditSortField, AuditFilterName> & { apiQuery: AuditEventsQuery };

/** The Audit Log's filters, sort and page in the URL, and the API query they make (days to instants). */
export function useAuditView(): AuditView {
  const view = useListUrlState({ sortFields: auditEventSortFields, defaultSort: '-createdAt', filters });
  const { from, to, ...rest } = view.query;
  return {
    ...view,
    apiQuery: { ...rest, from: from && startOfLocalDay(from), to: to && endOfLocalDay(to) },
  };
}
