import type { AuditEventsQuery } from '@/audit/api/audit-events-query';

export const AUDIT_EVENTS_PATH = '/api/audit-events';

/**
 * The only place an audit query key is built. The trail has no mutations of its own: every other
 * mutation appends to it, so its reads are never cached as fresh (staleTime 0) instead of invalidated.
 */
export const auditKeys = {
  all: [AUDIT_EVENTS_PATH] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: AuditEventsQuery) => [...auditKeys.lists(), query] as const,
};
