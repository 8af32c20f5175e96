// The list query's shape, apart from its fetcher so that the key factory can name it without a cycle.
import type { auditEventSortFields, SortValue } from '@contract/lists';

export type AuditSortField = (typeof auditEventSortFields)[number];

/** The filters, sort and page of GET /api/audit-events; empty values are not sent. */
export type AuditEventsQuery = {
  actor?: string;
  resourceType?: string;
  tenantId?: string;
  /** ISO date-times with offset. */
  from?: string;
  to?: string;
  sort?: SortValue<AuditSortField>;
  limit: number;
  /** A page by number... */
  offset?: number;
  /** ...or by next/previous, from the reply's links (src/web/lib/list-request.ts). */
  cursor?: string;
};
